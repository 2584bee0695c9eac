import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n/index.ts';
import { isLiveStreamOpen, LiveEventsProvider } from './live-events.tsx';

const toastSuccess = vi.hoisted(() => vi.fn());
vi.mock('./toast.ts', () => ({ toast: { success: toastSuccess } }));

/** Stands in for the browser's EventSource: the test plays the server's part. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

describe('LiveEventsProvider', () => {
  beforeEach(() => {
    vi.stubGlobal('EventSource', FakeEventSource);
    toastSuccess.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  function mount() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <QueryClientProvider client={queryClient}>
        <LiveEventsProvider />
      </QueryClientProvider>,
    );
    return { queryClient, view, source: FakeEventSource.last! };
  }

  it('shows an arriving code in the cached activation at once, and says when the stream is up', () => {
    const { queryClient, source } = mount();
    expect(source.url).toBe('/api/v1/events');
    queryClient.setQueryData(['activations', 'detail', 'a1'], {
      id: 'a1',
      status: 'waiting_sms',
      code: null,
    });
    queryClient.setQueryData(['activations', 'detail', 'a2'], {
      id: 'a2',
      status: 'waiting_sms',
      code: null,
    });
    act(() => source.onopen?.());
    expect(isLiveStreamOpen()).toBe(true);
    act(() => source.emit('activation', { id: 'a1', status: 'code_received', code: '123456' }));
    expect(queryClient.getQueryData(['activations', 'detail', 'a1'])).toMatchObject({
      status: 'code_received',
      code: '123456',
    });
    expect(queryClient.getQueryData(['activations', 'detail', 'a2'])).toMatchObject({ code: null });
    act(() => source.onerror?.());
    expect(isLiveStreamOpen()).toBe(false);
  });

  it('refreshes the balance on wallet events and toasts a credited top-up only', async () => {
    const { queryClient, source } = mount();
    queryClient.setQueryData(['wallet', 'balance'], { BRL: 0 });
    act(() => source.emit('wallet', { kind: 'purchase', currency: 'BRL', amount: -500 }));
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(['wallet', 'balance'])?.isInvalidated).toBe(true);
    act(() => source.emit('wallet', { kind: 'topup', currency: 'BRL', amount: 2_500 }));
    expect(toastSuccess).toHaveBeenCalledTimes(1);
    expect(String(toastSuccess.mock.calls[0]![0])).toMatch(/25[.,]00/);
  });

  it('closes the stream when the signed-in area goes away (sign-out)', () => {
    const { view, source } = mount();
    view.unmount();
    expect(source.closed).toBe(true);
    expect(isLiveStreamOpen()).toBe(false);
  });
});
