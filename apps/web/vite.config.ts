import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const backend = 'http://localhost:8080';

/**
 * @rc-component/form and its validator declare no `sideEffects` in package.json, so the bundler keeps
 * the whole package whenever anything imports one name from it: antd's Input and ConfigProvider
 * import only a context from it, which dragged the form engine (about 13 KB gzip) into the first
 * download. Their modules only define things, so they are marked side-effect free.
 */
function sideEffectFree(pattern: RegExp): Plugin {
  return {
    name: 'payops:side-effect-free',
    transform(code, id) {
      return pattern.test(id) ? { code, moduleSideEffects: false } : null;
    },
  };
}

/**
 * antd's Radio.Group imports one helper, `toNamePathStr`, from antd's form/hooks/useForm.js. That
 * module also holds the form hook, which the lazy form dialogs use, so the bundler put it and what it
 * imports (@rc-component/form's store, scroll-into-view: about 6.7 KB gzip) in a chunk every page
 * with a table loaded (Table -> selection -> Radio). The helper is inlined here from the same source
 * (`toArray(name).join('_')`), so only the form dialogs load the hook.
 */
function radioWithoutFormHook(): Plugin {
  const radioGroup = /[\\/]node_modules[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/;
  const from = "import { toNamePathStr } from '../form/hooks/useForm';";
  return {
    name: 'payops:radio-without-form-hook',
    transform(code, id) {
      if (!radioGroup.test(id)) return null;
      if (!code.includes(from))
        throw new Error(`payops:radio-without-form-hook: ${id} changed; check the helper`);
      return code.replace(
        from,
        "import { toArray } from '../form/util';\nconst toNamePathStr = (name) => toArray(name).join('_');",
      );
    },
  };
}

/**
 * Modules that antd's first-screen components import statically but whose code only pages run: antd's
 * Input and ConfigProvider import a context from @rc-component/form, whose index pulls in the form
 * engine and its validator. Tree-shaking drops them from the first download, but the `$initial` tag
 * below is computed on the import graph, so they are kept out of the shell group by name (the two
 * contexts excepted: the shell uses those).
 */
const pageOnlyModules =
  /[\\/]node_modules[\\/]@rc-component[\\/](form[\\/]es[\\/](?!FormContext\.|FieldContext\.)|async-validator[\\/])/;

export default defineConfig({
  plugins: [
    react(),
    sideEffectFree(/node_modules\/@rc-component\/(form|async-validator)\//),
    radioWithoutFormHook(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The entry budget is checked by scripts/check-bundle.ts; Vite's own warning is for the page chunks.
    chunkSizeWarningLimit: 800,
    // scripts/check-bundle.ts walks the manifest's import graph to measure each page.
    manifest: true,
    // Every browser the console supports (evergreen Chromium, Firefox, Safari) preloads modules
    // itself: the polyfill was bytes of the first download that no supported browser runs.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the entry needs in the entry chunk itself. Left to the automatic
              // splitting, the modules the shell shares with lazy pages (React, antd's core, tooltip,
              // motion...) became some 24 extra preloaded chunks: 203 KB gzip against 193 KB as one.
              // Dependencies are not pulled in recursively: a module is captured only when it is
              // itself initial, so the page-only form engine stays with the pages, and the entry
              // chunk imports none of the page chunks (no chunk cycle). A page-only module that
              // some first-screen module imports would land here: the entry budget shows it.
              name: 'index',
              tags: ['$initial'],
              test: (id) => !pageOnlyModules.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  resolve: {
    alias: [
      {
        // react-router's package exports name only its development build, whose dev warnings
        // (ENABLE_DEV_WARNINGS = true) stay in the bundle; the production build beside it is the
        // same code with them off, which the minifier then drops.
        find: /^react-router$/,
        replacement: fileURLToPath(
          import.meta.resolve('react-router').replace('/development/', '/production/'),
        ),
      },
    ],
  },
  server: {
    proxy: {
      '/api': backend,
      '/mockTrade': backend,
      '/mock': backend,
    },
  },
});
