import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  jsxA11y.flatConfigs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Focused tests (`it.only`, `test.describe.only`, `fit`...) shrink the run and stay green; the
    // runners refuse them too (forbidOnly, allowOnly), this says where before a run.
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='only'][object.name=/^(it|test|describe|suite|bench)$/]",
          message: 'Focused tests are not committed: remove `.only`.',
        },
        {
          selector:
            "MemberExpression[property.name='only'][object.type='MemberExpression'][object.object.name=/^(it|test|describe)$/]",
          message: 'Focused tests are not committed: remove `.only`.',
        },
        {
          selector: 'CallExpression[callee.name=/^(fit|fdescribe)$/]',
          message: 'Focused tests are not committed: use `it`/`describe`.',
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts', '*.config.ts', '*.mjs', 'scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
