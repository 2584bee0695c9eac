import { type APIRequestContext, expect } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';

// Shared by the staff screens' specs (settings, user detail, categories and countries, reports).
export const headers = { Origin: baseURL };
export const STAFF_PASSWORD = 'Numero-e2e-S3nha!';
let seq = 0;
export const staffEmail = (tag: string) => `${tag}-${Date.now()}-${seq++}@e2e.numero.dev`;

/** Signs the context in through the API: the form is not what these specs look at. */
export async function signInViaApi(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/v1/auth/login', { headers, form: { username: email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** An account the signed-in admin makes, with a known password. */
export async function createUserAsAdmin(request: APIRequestContext, email: string, role: string) {
  const res = await request.post('/api/v1/users/register', {
    headers,
    data: { email, password: STAFF_PASSWORD, role, profile: { full_name: `E2E ${role}` } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; email: string };
}
