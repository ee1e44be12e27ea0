import { defineConfig } from 'vite';

export default defineConfig({
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/sharma': 'http://localhost:8080', '/healthz': 'http://localhost:8080' } },
});
