/**
 * A room's host or a circle's creator first, then everyone in the order the query gave (the order
 * they joined; the sort is stable). In place.
 */
export function ownerFirst(rows: { userId: string }[], ownerId: string): void {
  rows.sort((a, b) => Number(b.userId === ownerId) - Number(a.userId === ownerId));
}
