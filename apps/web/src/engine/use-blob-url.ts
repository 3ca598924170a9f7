/** An object URL for a blob fetched once per key (a QR image), revoked when the key changes or on unmount. */
import { useEffect, useState } from 'react';

export function useBlobUrl(key: unknown, fetchBlob: () => Promise<Blob>) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched again only when the key changes
  useEffect(() => {
    let made: string | null = null;
    let cancelled = false;
    setFailed(false);
    fetchBlob()
      .then((blob) => {
        if (cancelled) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [key]);
  return { url, failed };
}
