// Placeholder: replaced by the feature's implementation.
export function ForgotPasswordPage(_props: { mode?: 'signin' | 'signup' }) {
  return <main><h1>Forgot Password</h1></main>;
}
