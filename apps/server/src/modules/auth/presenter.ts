import type { User } from '@postline/shared/auth';
import type { users } from '../../db/schema/core.js';

export function presentUser(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
  };
}
