// Placeholder: replaced by the feature's implementation.
export function LandingPage(_props: { mode?: 'signin' | 'signup' }) {
  return <main><h1>LockIn</h1></main>;
}
