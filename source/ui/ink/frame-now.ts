/**
 * A frame drawn at once. Ink caps its frame rate (`maxFps`): a commit within a frame interval of
 * the last frame is drawn at the end of the interval, so a key pressed just after a frame showed
 * its effect up to a whole interval late. A key's frame is drawn at once instead: the render Ink
 * holds back is run now (`flush` of its throttle). What data changes draw stays under the cap,
 * and a key adds at most the one frame it changed.
 */
import instances from './ink-instances.js';

interface InkShape {
	throttledOnRender?: { flush?: () => void };
}

/**
 * Draws now, on the Ink instance drawing on `stdout`, the frame its frame-rate cap holds back
 * (nothing when none is held back); does nothing for an Ink of another shape or none.
 */
export function drawHeldFrame(stdout: object): void {
	const instance = instances.get(stdout) as InkShape | undefined;
	const throttle = instance?.throttledOnRender;
	if (typeof throttle?.flush === 'function') throttle.flush();
}
