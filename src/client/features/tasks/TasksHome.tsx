// Placeholder: replaced by the feature's implementation.
export function TasksHome(_props: { mode?: 'signin' | 'signup' }) {
  return <main><h1>Today's Focus</h1></main>;
}
