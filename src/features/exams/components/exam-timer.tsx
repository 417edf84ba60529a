import { useEffect, useState } from 'react';

/** Milliseconds left until `endsAt` on the server's clock (device time + the offset measured at load). */
export const remainingMs = (endsAt: string, offsetMs: number, deviceNow = Date.now()) =>
  Math.max(0, Date.parse(endsAt) - (deviceNow + offsetMs));

function clock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

type Props = { label: string; endsAt: string; offsetMs: number; onTimeUp: () => void };

/**
 * The countdown on the server's clock (decision record 072): the device's clock only measures the time
 * since the attempt was loaded. At zero it tells the machine: the test's (time.up) submits; a timed
 * section's (section.timeUp, decision record 083) moves on to the next section.
 */
export function ExamTimer({ label, endsAt, offsetMs, onTimeUp }: Props) {
  const [now, setNow] = useState(() => Date.now());
  const left = remainingMs(endsAt, offsetMs, now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === 0) onTimeUp();
  }, [left, onTimeUp]);
  return (
    <p className={`exam-timer${left < 5 * 60_000 ? ' exam-timer-low' : ''}`}>
      {label}: <span role="timer">{clock(left)}</span>
    </p>
  );
}
