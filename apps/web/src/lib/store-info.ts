import type { StoreInfo } from '@numero/contract/common';
import { useEffect, useState } from 'react';
import { api } from './api-client.ts';

let pending: Promise<StoreInfo> | null = null;

/** One request per visit, shared by every component that asks; a failed read is tried again next time. */
function readStoreInfo(): Promise<StoreInfo> {
  pending ??= api<StoreInfo>('/api/v1/store', { redirectOn401: false }).catch((err: unknown) => {
    pending = null;
    throw err;
  });
  return pending;
}

/**
 * What every page may need about the store itself (offline demo, top-up limits), null until read. Kept
 * out of the query cache, which signing out clears: the store does not change with who is signed in.
 */
export function useStoreInfo(): StoreInfo | null {
  const [info, setInfo] = useState<StoreInfo | null>(null);
  useEffect(() => {
    let live = true;
    readStoreInfo()
      .then((answer) => live && setInfo(answer))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return info;
}
