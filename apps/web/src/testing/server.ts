import { setupServer } from 'msw/node';

/**
 * The network every web test talks to (Mock Service Worker, in front of fetch and node:http). The setup
 * file starts it with no answers, so each test describes the API it meets with `server.use(http.get(...))`;
 * a request no handler answers fails the test, and the answers are dropped after each test.
 */
export const server = setupServer();
