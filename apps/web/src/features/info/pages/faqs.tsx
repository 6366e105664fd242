import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { FAQ_TOPICS } from '../faq-topics';

export function Component() {
  return (
    <Page
      heading="Frequently asked questions"
      lead="Answers to the questions customers ask us most, grouped by where you are in your loan."
    >
      <h2>Choose a topic</h2>
      <ul className="info-cards">
        {FAQ_TOPICS.map((topic) => (
          <li key={topic.slug} className="card">
            <h3>
              <Link to={`/info/faqs/${topic.slug}`}>{topic.title}</Link>
            </h3>
            <p>{topic.summary}</p>
          </li>
        ))}
      </ul>
      <h2>Still need help?</h2>
      <p className="prose">
        Having trouble with a code, an e-mail or a card check? See{' '}
        <Link to="/info/troubleshooting">troubleshooting</Link>. For anything else,{' '}
        <Link to="/info/troubleshooting#contact">contact our customer care team</Link>.
      </p>
    </Page>
  );
}
