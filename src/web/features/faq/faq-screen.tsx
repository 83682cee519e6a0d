import './faq.css';
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';
import { Link } from 'react-router';
import { useProductName } from '#web/lib/client-config-context.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { faqItems } from './faq-items.tsx';

/**
 * admin-app §2 FAQ: ten accordion items, the first open. React Aria's disclosure group (DESIGN §2)
 * gives each question a real button with aria-expanded and aria-controls inside a heading, and
 * labels each answer panel by its question.
 */
export function Faq({ product }: { product: string }) {
  const items = faqItems(product);
  return (
    <div className="page page--narrow faq">
      <h1>Frequently Asked Questions</h1>
      <p className="faq__intro">
        Answers to the questions people ask most about {product}. Select a question to show or hide its
        answer.
      </p>
      <DisclosureGroup
        className="faq__list"
        allowsMultipleExpanded
        defaultExpandedKeys={[items[0]?.id ?? '']}
      >
        {items.map((item) => (
          <Disclosure key={item.id} id={item.id} className="faq-item">
            <Heading level={2} className="faq-item__heading">
              <Button slot="trigger" className="faq-item__trigger">
                <span className="faq-item__question">{item.question}</span>
                <span className="faq-item__icon" aria-hidden="true" />
              </Button>
            </Heading>
            <DisclosurePanel className="faq-item__panel" role="region">
              <div className="faq-item__answer">{item.answer}</div>
            </DisclosurePanel>
          </Disclosure>
        ))}
      </DisclosureGroup>
      <p className="faq__more">
        Did not find your answer? <Link to="/contact">Get support</Link> and we will help.
      </p>
    </div>
  );
}

/** The route's screen: the page with this deployment's product name. */
export function FaqScreen() {
  const product = useProductName();
  usePageTitle('FAQ');
  return <Faq product={product} />;
}
