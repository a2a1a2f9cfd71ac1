// zod probes for eval with `new Function` the first time it parses an object; under our CSP
// (script-src 'self') the caught attempt is still reported as a violation, which costs the
// best-practices audit (issue 17). Schemas run interpreted in the browser; the server keeps the JIT.
// Set through the global object zod reads its configuration from (zod/v4/core/core.js), because
// importing zod's `config` here would put 4 kB of zod in every page's first script.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// Mutated, not replaced: a zod loaded earlier keeps a reference to the same object.
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
