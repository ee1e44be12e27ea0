import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const reactRouter = (file: string) => fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig({
  resolve: {
    // react-router's package exports point at its development build; ship the production one.
    alias: [
      { find: /^react-router$/, replacement: reactRouter('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouter('dom-export.mjs') },
    ],
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600 },
  server: { proxy: { '/sharma': 'http://localhost:8080', '/healthz': 'http://localhost:8080' } },
});
