import { useEffect, useRef, useState } from 'react';

/** The current time, ticking every `everyMs` while `active`; idle screens do not tick. */
export function useNow(everyMs: number, active: boolean): number {
	const [now, setNow] = useState(Date.now);
	const wasActive = useRef(active);
	const starting = active && !wasActive.current;
	wasActive.current = active;
	useEffect(() => {
		if (!active) return;
		setNow(Date.now());
		const timer = setInterval(() => setNow(Date.now()), everyMs);
		return () => clearInterval(timer);
	}, [everyMs, active]);
	// The tick kept from before is stale on the render that starts ticking again.
	return active && !starting ? now : Date.now();
}
