// Placeholder: replaced by the feature's implementation.
export function LoginPage(_props: { mode?: 'signin' | 'signup' }) {
  return <main><h1>Welcome Back</h1></main>;
}
