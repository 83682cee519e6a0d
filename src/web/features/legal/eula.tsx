import { Link } from 'react-router';
import { useProductName } from '#web/lib/client-config-context.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { LegalPage } from './legal-page.tsx';

/**
 * admin-app §2 EULA. The governing state and city are deliberately left as visible placeholders
 * (admin-app §2: "unfilled placeholders"); the operator fills them in before going live.
 */
export const EULA_PLACEHOLDERS = { state: '[STATE]', city: '[CITY]' } as const;

function Placeholder({ children }: { children: string }) {
  return <span className="legal__placeholder">{children}</span>;
}

export function Eula({ product }: { product: string }) {
  return (
    <LegalPage
      title="End User License Agreement"
      lead={
        <p>
          This End User License Agreement ("EULA") sets the terms on which you may use the {product} software.
          It applies together with our <Link to="/terms">Terms of Use</Link>.
        </p>
      }
    >
      <h2>1. The license</h2>
      <p>
        We grant you a personal, limited, non-exclusive, non-transferable and revocable license to use the{' '}
        {product} web application through a web browser, for its intended purpose: completing your own life
        record or, for organization staff and administrators, managing records as their role allows.
      </p>

      <h2>2. Restrictions</h2>
      <p>Unless the law expressly allows it despite this EULA, you may not:</p>
      <ul>
        <li>copy, modify, translate or create derivative works of the software;</li>
        <li>decompile, disassemble or otherwise try to derive its source code;</li>
        <li>rent, lend, sell, sublicense or otherwise make the software available to others;</li>
        <li>remove or get around any security measure, usage limit or notice in the software;</li>
        <li>access the software by automated means other than an ordinary web browser used by a person.</li>
      </ul>

      <h2>3. Ownership</h2>
      <p>
        The software, its design and its content are owned by us or our licensors and are protected by
        copyright and other laws. This EULA gives you no rights in them beyond the license above. What you
        write in your record remains yours.
      </p>

      <h2>4. Open-source components</h2>
      <p>
        The software includes open-source components. Each is provided under its own license, and nothing in
        this EULA limits the rights those licenses give you.
      </p>

      <h2>5. Updates</h2>
      <p>
        The software runs on our servers and in your browser, and it is updated automatically. Updates may
        add, change or remove features; this EULA applies to every version.
      </p>

      <h2>6. Term and termination</h2>
      <p>
        This EULA applies for as long as you use the software. It ends automatically if you break it, and we
        may end it when your account is closed. Sections 3, 7, 8 and 9 continue to apply afterwards.
      </p>

      <h2>7. No warranty</h2>
      <p>
        To the fullest extent the law allows, the software is provided "as is", without warranties of any
        kind, express or implied, including warranties of merchantability, fitness for a particular purpose
        and non-infringement. We do not promise that the software will be free of errors or interruptions, or
        that reports generated with AI will be accurate.
      </p>

      <h2>8. Limitation of liability</h2>
      <p>
        To the fullest extent the law allows, we are not liable for indirect, incidental, special,
        consequential or punitive damages, or for loss of profits, data or goodwill, arising from your use of
        the software. Our total liability under this EULA is limited to the amount you paid us for the
        software in the twelve months before the claim, or one hundred U.S. dollars if you paid nothing.
      </p>

      <h2>9. Governing law and venue</h2>
      <p>
        This EULA, and any dispute arising from it or from your use of the software, is governed by the laws
        of the State of <Placeholder>{EULA_PLACEHOLDERS.state}</Placeholder>, without regard to its
        conflict-of-law rules. The state and federal courts located in{' '}
        <Placeholder>{EULA_PLACEHOLDERS.city}</Placeholder>,{' '}
        <Placeholder>{EULA_PLACEHOLDERS.state}</Placeholder> have exclusive jurisdiction, and you and we agree
        to their jurisdiction.
      </p>

      <h2>10. General</h2>
      <p>
        If any part of this EULA cannot be enforced, the rest remains in effect. Our failure to enforce a
        right is not a waiver of it. This EULA, with the Terms of Use, is the entire agreement between you and
        us about the software.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions about this EULA are welcome through our <Link to="/contact">contact page</Link>.
      </p>
    </LegalPage>
  );
}

/** The route's screen: the page with this deployment's product name. */
export function EulaScreen() {
  const product = useProductName();
  usePageTitle('End User License Agreement');
  return <Eula product={product} />;
}
