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

export default defineConfig({
  plugins: [react(), sideEffectFree(/node_modules\/@rc-component\/(form|async-validator)\//)],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The entry budget is checked by scripts/check-bundle.ts; Vite's own warning is for the page chunks.
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: {
      '/api': backend,
      '/mockTrade': backend,
      '/mock': backend,
    },
  },
});
