// Lint rules: the recommended sets of ESLint and typescript-eslint, syntax only (no type information,
// so `npm test` stays fast); Prettier owns layout, so no stylistic rule is turned on here.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'reference/',
      'reports/',
      'test-artifacts/',
      '.stryker-tmp/',
      'certs/',
      'examples/**/node_modules/',
      'examples/**/dist/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter a signature needs and the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Control characters are what these patterns are about: ANSI escapes in terminal output, the
      // bytes a header or a body may not carry.
      'no-control-regex': 'off',
    },
  },
  {
    // A worker thread's script (the PostgreSQL connection): plain CommonJS, loaded by file name.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Request bodies bent on purpose (negative rows, hostile requests, OpenAPI documents walked as
    // plain JSON): any field of any depth is set or read, which is what `any` says.
    files: ['conformance/negative/**', 'test/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
