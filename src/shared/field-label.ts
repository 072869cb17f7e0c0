// How a request field is named in an error sentence. Apart from text.ts (zod's text fields), so
// the client's copy can use it without loading zod.

/** 'firstName' → 'First name', 'newPassword' → 'New password', ['ids', 0] → 'IDs', 'taskId' → 'Task ID'. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const last = path.filter((part): part is string => typeof part === 'string').at(-1);
  if (!last) return 'The request body';
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bids?\b/g, (id) => id.toUpperCase().replace('IDS', 'IDs'));
  return words.charAt(0).toUpperCase() + words.slice(1);
}
