import { Link } from 'react-router';
import { useProductName } from '#web/lib/client-config-context.tsx';
import { FOOTER_LINKS } from './navigation-links.ts';

/** admin-app §2 footer: copyright with the current year, the legal and help links, the builder's credit. */
export function SiteFooter() {
  const product = useProductName();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Legal and help" className="site-footer__nav">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copyright">
          © {new Date().getFullYear()} {product}. All rights reserved.
        </p>
        <p className="site-footer__credit">Designed and built with care by the {product} team.</p>
      </div>
    </footer>
  );
}
