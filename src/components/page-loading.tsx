export function PageLoading({ text = 'Loading...' }: { text?: string }) {
  return (
    <p className="status-text" role="status">
      {text}
    </p>
  );
}
