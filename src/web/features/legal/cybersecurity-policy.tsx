import { Link } from 'react-router';
import { useProductName } from '#web/lib/client-config-context.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { LegalPage } from './legal-page.tsx';

/** admin-app §2 Cybersecurity Policy: the measures DESIGN §6–§8 build into this product. */
export function CybersecurityPolicy({ product }: { product: string }) {
  return (
    <LegalPage
      title="Cybersecurity Policy"
      lead={
        <p>
          People trust {product} with their life stories. This policy describes how we protect that
          information, how we respond when something goes wrong, and how you can report a security problem.
        </p>
      }
    >
      <h2>1. Principles</h2>
      <p>
        We give each person access to only what they need, we check every request on our server rather than
        relying on what a screen shows or hides, and we keep as little sensitive information as possible in
        places where it could leak: URLs, logs, caches and browser storage.
      </p>

      <h2>2. Access control</h2>
      <ul>
        <li>
          One set of rules decides, on the server, what each person may do: the author of a record may read
          and change only their own record, and only until it is sent; an organization's staff see their own
          organization's records; administrators manage the service.
        </li>
        <li>
          These rules are tested automatically for every kind of user against every operation before each
          release.
        </li>
      </ul>

      <h2>3. Sign-in and accounts</h2>
      <ul>
        <li>
          Sign-in uses OpenID Connect with the Authorization Code flow and PKCE. Every request carries a
          signed token that our server checks: signature (RS256), issuer, audience and expiry.
        </li>
        <li>
          Passwords for our own sign-in service are stored only as salted scrypt hashes. Repeated failed
          sign-ins lock an account for a while, and sign-in, sign-up and the contact form are rate-limited.
        </li>
        <li>
          An invitation is connected to an account only through a confirmed e-mail address, so nobody can
          claim someone else's record by typing their address.
        </li>
      </ul>

      <h2>4. Protecting information</h2>
      <ul>
        <li>
          In production, {product} is served only over encrypted connections (HTTPS/TLS), and browsers are
          told to keep using them (HSTS).
        </li>
        <li>
          Answers not yet saved are kept in your browser encrypted with AES-GCM under a key that cannot be
          exported, deleted as soon as the server has them, and cleared when you sign out. Answers never
          appear in web addresses or logs.
        </li>
        <li>
          Responses of our programming interface are marked not to be stored by browsers or proxies, so a
          shared computer keeps no copy of them.
        </li>
        <li>
          Each save carries the version of the record it started from, so an old or delayed save can never
          overwrite newer answers.
        </li>
      </ul>

      <h2>5. Application security</h2>
      <ul>
        <li>
          A strict Content Security Policy lets the browser run only scripts from our own site, with no inline
          scripts, together with other protective headers.
        </li>
        <li>
          Everything sent to the server is validated before use; text people write is escaped wherever it is
          shown, including in e-mails and generated documents.
        </li>
        <li>
          No secret key ever reaches the browser: calls to AI services and to the payment provider are made by
          our server, and payment notifications are accepted only with a valid signature.
        </li>
        <li>Live-update connections are accepted only from our own site.</li>
      </ul>

      <h2>6. Operations</h2>
      <ul>
        <li>
          Configuration is checked when the service starts, and it refuses to start with an invalid setting.
          Secrets are provided by the environment, never stored in the code.
        </li>
        <li>
          Logs leave out request contents, sign-in tokens and cookies. Software dependencies are pinned to
          exact versions and updated deliberately.
        </li>
        <li>Access to production systems is limited to the staff who need it.</li>
      </ul>

      <h2>7. Incidents</h2>
      <p>
        If we learn of a security incident, we act at once to contain it, find out what happened and what
        information was affected, and fix the cause. We inform affected people and organizations without undue
        delay, and the authorities where the law requires it, with what we know and what they can do.
      </p>

      <h2>8. Reporting a vulnerability</h2>
      <p>
        If you believe you have found a security problem, please tell us through the{' '}
        <Link to="/contact">contact page</Link>, starting your message with the word "Security". Give us
        enough detail to reproduce it and a reasonable time to fix it before you share it with anyone else.
        While you investigate, do not access, change or keep other people's information, and do not disrupt
        the service. We will not pursue anyone who reports a problem in good faith and follows these rules.
      </p>

      <h2>9. What you can do</h2>
      <ul>
        <li>Use a strong password that you use nowhere else.</li>
        <li>
          On a shared computer, sign out when you have finished, once your answers have saved, and do not let
          the browser remember your password.
        </li>
        <li>Be wary of e-mails that ask for your password: we never ask for it.</li>
      </ul>
    </LegalPage>
  );
}

/** The route's screen: the page with this deployment's product name. */
export function CybersecurityPolicyScreen() {
  const product = useProductName();
  usePageTitle('Cybersecurity Policy');
  return <CybersecurityPolicy product={product} />;
}
