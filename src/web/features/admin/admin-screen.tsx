import type { ComponentType } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { AuditTab } from './audit-tab.tsx';
import { InventoryTypesTab } from './inventory-types-tab.tsx';
import { MailTab } from './mail-tab.tsx';
import { OrganizationsTab } from './organizations-tab.tsx';
import { ProductsTab } from './products-tab.tsx';
import { PurchasesTab } from './purchases-tab.tsx';
import { RecordsTab } from './records-tab.tsx';
import { SupportMessagesTab } from './support-messages-tab.tsx';
import { ADMIN_TABS, type AdminTab, type AdminUrl, useAdminUrl } from './use-admin-url.ts';
import { UsersTab } from './users-tab.tsx';
import './admin.css';

const TABS: Record<AdminTab, { label: string; Panel: ComponentType<{ url: AdminUrl }> }> = {
  records: { label: 'Records', Panel: RecordsTab },
  organizations: { label: 'Organizations', Panel: OrganizationsTab },
  users: { label: 'Users', Panel: UsersTab },
  'inventory-types': { label: 'Inventory Types', Panel: InventoryTypesTab },
  products: { label: 'Products', Panel: ProductsTab },
  purchases: { label: 'Purchases', Panel: PurchasesTab },
  messages: { label: 'Messages', Panel: SupportMessagesTab },
  audit: { label: 'Audit', Panel: AuditTab },
  mail: { label: 'Mail', Panel: MailTab },
};

/**
 * admin-app §2 Admin page (admins only; the route guard and the server both refuse anyone else):
 * tabs Records, Organizations, Users, Inventory Types and Products; results show in the toast area.
 * The tab, search, sort and page live in the URL (issue 10).
 */
export function AdminScreen() {
  usePageTitle('Admin');
  const url = useAdminUrl();
  return (
    <section className="page admin" aria-labelledby="admin-title">
      <h1 id="admin-title">Admin</h1>
      {/* Arrows move focus and Enter opens a tab: each opened tab is a history entry, so the tab
          must not change merely because focus passed over it. */}
      <Tabs
        keyboardActivation="manual"
        selectedKey={url.tab}
        onSelectionChange={(key) => {
          if (key !== url.tab) url.setTab(key as AdminTab);
        }}
      >
        <TabList aria-label="Admin sections" className="admin-tabs">
          {ADMIN_TABS.map((tab) => (
            <Tab key={tab} id={tab} className="admin-tabs__tab">
              {TABS[tab].label}
            </Tab>
          ))}
        </TabList>
        {ADMIN_TABS.map((tab) => {
          const { Panel } = TABS[tab];
          return (
            <TabPanel key={tab} id={tab} className="admin-panel">
              <Panel url={url} />
            </TabPanel>
          );
        })}
      </Tabs>
    </section>
  );
}
