// Placeholder: replaced by the feature's implementation.
export function ManageAccountPage(_props: { mode?: 'signin' | 'signup' }) {
  return <main><h1>Manage Account</h1></main>;
}
