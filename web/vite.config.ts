import { defineConfig } from 'vite';

// `npm run dev` proxies the API and WebSocket to a `strat serve` on port 8080.
export default defineConfig({
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
