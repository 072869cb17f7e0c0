// Placeholder: replaced by the feature's implementation.
export function ResetPasswordPage(_props: { mode?: 'signin' | 'signup' }) {
  return <main><h1>Reset Password</h1></main>;
}
