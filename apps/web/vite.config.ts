import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/health': api, '/ready': api },
  },
  // The manifest lets scripts/page-budgets.mjs weigh each page's initial JavaScript.
  build: { outDir: 'dist', sourcemap: true, manifest: true },
});
