import { z } from 'zod';

// zod, as every module here imports it. In the browser, zod's JIT probes `new Function('')` once;
// the member and guest screens' CSP has no 'unsafe-eval', so the probe is reported as a violation
// even though zod catches it. Jitless parsing there; the server keeps the JIT.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
