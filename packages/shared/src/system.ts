import { z } from 'zod';

/** GET /health: the process is up (load balancers' liveness probe). */
export const healthSchema = z.object({ status: z.enum(['UP']), uptimeSeconds: z.number() });
export type Health = z.infer<typeof healthSchema>;

/** GET /ready: the database answers (readiness probe); 503 otherwise. */
export const readySchema = z.object({ status: z.enum(['READY']), database: z.enum(['pglite', 'postgres']) });
export type Ready = z.infer<typeof readySchema>;
