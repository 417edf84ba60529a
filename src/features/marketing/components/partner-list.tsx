export function StatTiles({ stats }: { stats: readonly { value: string; label: string }[] }) {
  return (
    <ul className="stats" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {stats.map((stat) => (
        <li key={stat.value + stat.label} className="stat">
          <span className="value">{stat.value}</span>
          <span className="label">{stat.label}</span>
        </li>
      ))}
    </ul>
  );
}

export function InfoCards({ items }: { items: readonly { icon: string; title: string; text: string }[] }) {
  return (
    <ul className="grid" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <li key={item.title} className="card">
          <span className="icon" aria-hidden="true">
            {item.icon}
          </span>
          <h3>{item.title}</h3>
          <p className="meta">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
