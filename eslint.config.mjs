import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', 'node_modules/**', 'public/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**'] },
  {
    // The configuration is parsed once, in lib/env.ts. (instrumentation.ts reads Next's own NEXT_RUNTIME.)
    files: ['app/**', 'components/**', 'lib/**', 'proxy.ts'],
    ignores: ['lib/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through lib/env.ts.' },
      ],
    },
  },
  {
    // One zod, configured once for the browser's CSP (lib/zod.ts).
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['lib/zod.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: "Import { z } from '@/lib/zod'." }] }],
    },
  },
];
export default config;
