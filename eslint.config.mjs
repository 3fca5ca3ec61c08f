import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// One zod, configured once for the browser's CSP (lib/zod.ts).
const oneZod = { name: 'zod', message: "Import { z } from '@/lib/zod'." };
const fileAccess = ['fs', 'fs/promises', 'node:fs', 'node:fs/promises'].map((name) => ({
  name,
  message: 'Stored files are read and written through lib/server/storage.',
}));
fileAccess.push({
  name: '@aws-sdk/client-s3',
  message: 'Stored files are read and written through lib/server/storage.',
});

// Casts that silence the type checker: the few kept say why, in their eslint-disable comment.
const noBlindCasts = [
  {
    selector:
      'TSAsExpression > TSNeverKeyword.typeAnnotation, TSAsExpression > TSArrayType.typeAnnotation > TSNeverKeyword',
    message: 'No `as never`: type the value (or say why in an eslint-disable comment).',
  },
  {
    selector: "TSAsExpression > TSAsExpression.expression[typeAnnotation.type='TSUnknownKeyword']",
    message: 'No `as unknown as`: type the value (or say why in an eslint-disable comment).',
  },
];

// Notifications are one domain (lib/server/notify/, docs/architecture.md): the others reach it through
// its index only, and it reaches none of them (they pass it what it needs: a recipient, a locale, a text).
const httpEdge = {
  regex: '^(@/lib/server/http(/|$)|(\\.\\./)+http(/|$))',
  message: 'Services never import the HTTP edge (lib/server/http/): return data, let the edge answer.',
};
const notifyThroughIndex = {
  regex: '^(@/lib/server/notify/|(\\.\\./)+notify/)',
  message: "Notifications are reached through their index: import from '@/lib/server/notify'.",
};
const notifyCallsNoDomain = {
  regex:
    '^(@/lib/server/(deals|members|moderation|public|listings|auth)(/|$)|(\\.\\./)+(deals|members|moderation|public|listings|auth)(/|$))',
  message:
    'Notifications call no other domain (deals, members, moderation, public, listings, auth): the caller passes plain data.',
};
const notifyNotItsOwnIndex = {
  regex: '^(@/lib/server/notify|\\.(/index)?)$',
  message: "Inside notifications, import the part itself ('./push'), not the index (it would import itself).",
};

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', 'node_modules/**', 'public/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**'] },
  {
    // A source file is read in one sitting: split it by what its parts do before it grows past 600 lines.
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    rules: { 'max-lines': ['error', { max: 600 }], 'no-restricted-syntax': ['error', ...noBlindCasts] },
  },
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
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['lib/zod.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [oneZod] }] },
  },
  {
    // Layers (docs/architecture.md): services and infrastructure return data; only the HTTP edge
    // (lib/server/http/, and auth/ around better-auth's own handler) speaks HTTP, and they never
    // import it. Files go through the storage module.
    files: ['lib/server/**/*.ts', 'lib/server/**/*.mjs'],
    ignores: ['lib/server/http/**', 'lib/server/auth/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [oneZod, ...fileAccess],
          patterns: [httpEdge, notifyThroughIndex],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...noBlindCasts,
        {
          selector: "NewExpression[callee.name='Response'], MemberExpression[object.name='Response']",
          message: 'Services return data; building an HTTP Response is the edge’s work (lib/server/http/).',
        },
      ],
    },
  },
  {
    // Inside notifications: its parts import one another by relative path, and no other domain.
    files: ['lib/server/notify/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [oneZod, ...fileAccess], patterns: [httpEdge, notifyCallsNoDomain, notifyNotItsOwnIndex] },
      ],
    },
  },
  {
    // The modules that own files: the storage itself, the outbox, the embedded database's directory.
    files: ['lib/server/storage/**', 'lib/server/db/client.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [oneZod] }] },
  },
  {
    files: ['lib/server/notify/outbox.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [oneZod], patterns: [httpEdge, notifyCallsNoDomain, notifyNotItsOwnIndex] },
      ],
    },
  },
  {
    files: ['lib/server/http/**', 'lib/server/auth/**', 'app/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [oneZod, ...fileAccess], patterns: [notifyThroughIndex] }] },
  },
  {
    files: ['components/**', 'lib/*.ts', 'proxy.ts'],
    ignores: ['lib/zod.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [oneZod], patterns: [notifyThroughIndex] }] },
  },
];
export default config;
