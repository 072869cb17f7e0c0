import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Keys the server makes once and every process shares (e.g. the key that signs sync stamps). */
export const serverSecrets = pgTable('server_secrets', {
  id: text('id').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
