import type { Generated } from 'kysely';

export interface ClientErrorTable {
  id: Generated<number>;
  url: string;
  prev_url: string | null;
  message: string;
  user_agent: string | null;
  created_at: string;
}
