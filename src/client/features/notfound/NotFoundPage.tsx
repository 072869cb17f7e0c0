// Placeholder: replaced by the feature's implementation.
export function NotFoundPage(_props: { mode?: 'signin' | 'signup' }) {
  return <main><h1>404 Page Not Found</h1></main>;
}
