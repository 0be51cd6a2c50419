import { useEffect, useState } from 'react';

/** The current time, ticking every `everyMs` while `active`; idle screens do not tick. */
export function useNow(everyMs: number, active: boolean): number {
	const [now, setNow] = useState(Date.now);
	useEffect(() => {
		if (!active) return;
		setNow(Date.now());
		const timer = setInterval(() => setNow(Date.now()), everyMs);
		return () => clearInterval(timer);
	}, [everyMs, active]);
	return active ? now : Date.now();
}
