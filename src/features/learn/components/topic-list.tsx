import { Link } from '@tanstack/react-router'
import type { TopicGroup } from '../model.ts'

/** Every article under its topic: the index page and the search page with no query. */
export function TopicList({ groups }: { groups: TopicGroup[] }) {
  return (
    <div className="learn-topics">
      {groups.map((group) => (
        <section key={group.topic} aria-labelledby={`topic-${group.topic}`}>
          <h2 id={`topic-${group.topic}`}>{group.title}</h2>
          <ul className="learn-list">
            {group.articles.map((article) => (
              <li key={article.slug}>
                <Link to="/learn/$slug" params={{ slug: article.slug }}>
                  {article.title}
                </Link>
                <p>{article.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
