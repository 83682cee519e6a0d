import { Link } from 'react-router';
import { buttonClassName } from '#web/components/ui/button.tsx';

export interface AccountOrganization {
  id: string;
  name: string;
  phone?: string | null;
  website?: string | null;
  availableCredits: { count: number; inventoryType: { id: string; name: string } }[];
}

/** customer-app §2 Account: name, available records per type ("Type: count"), phone, website. */
export function OrganizationDetails({ organization }: { organization: AccountOrganization }) {
  const available = organization.availableCredits.filter((credit) => credit.count > 0);
  return (
    <section className="account-organization" aria-labelledby="organization-name">
      <h2 id="organization-name">{organization.name}</h2>
      <div className="account-organization__grid">
        <div>
          <h3 className="account-organization__label">Available records</h3>
          {available.length > 0 ? (
            <ul className="account-organization__credits">
              {available.map((credit) => (
                <li key={credit.inventoryType.id}>
                  {credit.inventoryType.name}: {credit.count}
                </li>
              ))}
            </ul>
          ) : (
            <p className="account-organization__none">None</p>
          )}
        </div>
        <dl className="account-organization__contact">
          <div>
            <dt>Phone</dt>
            <dd>{organization.phone || 'N/A'}</dd>
          </div>
          <div>
            <dt>Website</dt>
            <dd>
              {organization.website ? (
                <a href={safeWebsite(organization.website)} target="_blank" rel="noopener noreferrer">
                  {organization.website}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                'N/A'
              )}
            </dd>
          </div>
        </dl>
      </div>
      <Link to="/products" className={buttonClassName('accent')}>
        Buy Records
      </Link>
    </section>
  );
}

/** A website as typed ("example.org") becomes a link; anything but http(s) is never one. */
function safeWebsite(website: string): string {
  const url = /^https?:\/\//i.test(website) ? website : `https://${website}`;
  try {
    return new URL(url).href;
  } catch {
    return '#';
  }
}
