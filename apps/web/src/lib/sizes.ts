/** Sizes in 1024 steps (SPEC §3); the one implementation lives in the shared contract. */
export { formatBytes } from '@postline/shared/limits';
