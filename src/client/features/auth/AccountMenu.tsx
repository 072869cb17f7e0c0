// Placeholder: replaced by the accounts feature's implementation.
export function AccountMenu() {
  return null;
}
