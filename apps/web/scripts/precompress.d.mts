/** Writes .br and .gz beside every text asset under `dir` worth compressing; answers how many files. */
export function precompress(dir: string): number;
