/**
 * Every dialog of the console (spec §9): dragged by its header, resized from a 10 px zone on any edge
 * or corner down to about 400x300, and a double-click on the header toggles full screen.
 * A thin wrapper around antd's Modal: use it exactly like Modal.
 */
import Modal, { type ModalProps } from 'antd/es/modal';
import { type CSSProperties, type MouseEvent as ReactMouseEvent, useRef, useState } from 'react';

export const MIN_WIDTH = 400;
export const MIN_HEIGHT = 300;
const EDGE = 10;

type Edge = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
const EDGES: readonly Edge[] = ['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw'];

interface Frame {
  x: number;
  y: number;
  width?: number;
  height?: number;
}

function edgeStyle(edge: Edge): CSSProperties {
  const style: CSSProperties = { position: 'absolute', zIndex: 10, cursor: `${edge}-resize` };
  if (edge.includes('n')) style.top = -EDGE / 2;
  if (edge.includes('s')) style.bottom = -EDGE / 2;
  if (edge.includes('w')) style.left = -EDGE / 2;
  if (edge.includes('e')) style.right = -EDGE / 2;
  if (edge === 'n' || edge === 's') Object.assign(style, { left: EDGE, right: EDGE, height: EDGE });
  else if (edge === 'e' || edge === 'w') Object.assign(style, { top: EDGE, bottom: EDGE, width: EDGE });
  else Object.assign(style, { width: EDGE * 1.5, height: EDGE * 1.5 });
  return style;
}

/** Follows the mouse until the button is released. */
function track(onMove: (dx: number, dy: number) => void, start: ReactMouseEvent): void {
  start.preventDefault();
  const sx = start.clientX;
  const sy = start.clientY;
  const move = (e: MouseEvent) => onMove(e.clientX - sx, e.clientY - sy);
  const up = () => {
    window.removeEventListener('mousemove', move);
    window.removeEventListener('mouseup', up);
  };
  window.addEventListener('mousemove', move);
  window.addEventListener('mouseup', up);
}

/** `styles` is taken over to size the body when resized or full screen; style the content inside instead. */
export function DraggableModal({
  title,
  width = 520,
  style,
  afterClose,
  ...rest
}: Omit<ModalProps, 'styles'>) {
  const [frame, setFrame] = useState<Frame>({ x: 0, y: 0 });
  const [full, setFull] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);

  const startDrag = (e: ReactMouseEvent) => {
    if (full || e.button !== 0) return;
    const start = frame;
    track((dx, dy) => setFrame({ ...start, x: start.x + dx, y: start.y + dy }), e);
  };

  const startResize = (edge: Edge) => (e: ReactMouseEvent) => {
    const box = boxRef.current;
    if (full || !box || e.button !== 0) return;
    const rect = box.getBoundingClientRect();
    const start = frame;
    track((dx, dy) => {
      let w = rect.width;
      let h = rect.height;
      let left = rect.left;
      let top = rect.top;
      if (edge.includes('e')) w = Math.max(MIN_WIDTH, rect.width + dx);
      if (edge.includes('w')) {
        w = Math.max(MIN_WIDTH, rect.width - dx);
        left = rect.left + rect.width - w;
      }
      if (edge.includes('s')) h = Math.max(MIN_HEIGHT, rect.height + dy);
      if (edge.includes('n')) {
        h = Math.max(MIN_HEIGHT, rect.height - dy);
        top = rect.top + rect.height - h;
      }
      // The modal is centred horizontally, so a width change moves its natural left edge by half.
      const grow = w - rect.width;
      setFrame({
        x: start.x + (left - rect.left) + grow / 2,
        y: start.y + (top - rect.top),
        width: w,
        height: h,
      });
    }, e);
  };

  const header = (
    // biome-ignore lint/a11y/noStaticElementInteractions: a mouse-only affordance; the keyboard still reaches every control of the dialog
    <div
      data-testid="modal-drag-handle"
      onMouseDown={startDrag}
      onDoubleClick={() => setFull((f) => !f)}
      style={{ cursor: full ? 'default' : 'move', userSelect: 'none', width: '100%' }}
    >
      {title}
    </div>
  );

  return (
    <Modal
      {...rest}
      title={header}
      width={full ? '100vw' : (frame.width ?? width)}
      style={full ? { ...style, top: 0, maxWidth: '100vw', paddingBottom: 0, margin: 0 } : style}
      styles={{
        container: {
          ...(frame.height || full ? { height: '100%', display: 'flex', flexDirection: 'column' } : {}),
        },
        body: { ...(frame.height || full ? { flex: 1, overflow: 'auto' } : {}) },
      }}
      afterClose={() => {
        setFrame({ x: 0, y: 0 });
        setFull(false);
        afterClose?.();
      }}
      modalRender={(node) => (
        <div
          ref={boxRef}
          style={{
            position: 'relative',
            transform: full ? undefined : `translate(${frame.x}px, ${frame.y}px)`,
            height: full ? '100vh' : frame.height,
          }}
        >
          {node}
          {!full &&
            EDGES.map((edge) => (
              // biome-ignore lint/a11y/noStaticElementInteractions: resize grab zone, mouse only by nature
              <div key={edge} style={edgeStyle(edge)} onMouseDown={startResize(edge)} />
            ))}
        </div>
      )}
    />
  );
}
