import { useEffect } from 'react';
import { useProductName } from './client-config-context.tsx';

/** "{title} · {product}" in the tab, so every screen is announced and bookmarked by its name. */
export function usePageTitle(title: string | null): void {
  const product = useProductName();
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}
