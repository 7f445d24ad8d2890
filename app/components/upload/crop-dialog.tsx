import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Modal } from "~/components/ui/modal";
import "./crop-dialog.css";

/** The square on screen, in CSS pixels (fits the dialog at 390 px wide). */
const VIEW = 280;
/** The longest side sent: the server makes the 200 × 200 @avatar variant from it. */
const OUT = 400;
const MAX_ZOOM = 4;
/** What one arrow key press moves, in screen pixels. */
const STEP = 10;

/** Where the image sits under the square: its top-left corner (≤ 0) and the zoom (1 = just covers). */
interface Frame {
  x: number;
  y: number;
  zoom: number;
}

/** Screen pixels per image pixel at `zoom`: at 1 the shorter side fills the square. */
const scaleOf = (image: HTMLImageElement, zoom: number) =>
  (VIEW / Math.min(image.naturalWidth, image.naturalHeight)) * zoom;

/** Keeps the square covered: the image may not be moved or zoomed out past its edges. */
function clamp(image: HTMLImageElement, frame: Frame): Frame {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, frame.zoom));
  const scale = scaleOf(image, zoom);
  const minX = VIEW - image.naturalWidth * scale;
  const minY = VIEW - image.naturalHeight * scale;
  return { zoom, x: Math.min(0, Math.max(minX, frame.x)), y: Math.min(0, Math.max(minY, frame.y)) };
}

/** Zooms about the middle of the square, so what is centred stays centred. */
function zoomTo(image: HTMLImageElement, frame: Frame, zoom: number): Frame {
  const before = scaleOf(image, frame.zoom);
  const after = scaleOf(image, Math.min(MAX_ZOOM, Math.max(1, zoom)));
  const cx = (VIEW / 2 - frame.x) / before;
  const cy = (VIEW / 2 - frame.y) / before;
  return clamp(image, { zoom, x: VIEW / 2 - cx * after, y: VIEW / 2 - cy * after });
}

/** The square under the frame as a file: JPEG stays JPEG, anything else becomes PNG (keeps transparency). */
function cropToBlob(image: HTMLImageElement, frame: Frame, sourceType: string): Promise<Blob | null> {
  const scale = scaleOf(image, frame.zoom);
  const side = VIEW / scale;
  const out = Math.max(1, Math.min(OUT, Math.round(side)));
  const canvas = document.createElement("canvas");
  canvas.width = out;
  canvas.height = out;
  const ctx = canvas.getContext("2d");
  if (!ctx) return Promise.resolve(null);
  const type = sourceType === "image/jpeg" ? "image/jpeg" : "image/png";
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(image, -frame.x / scale, -frame.y / scale, side, side, 0, 0, out, out);
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.92));
}

/**
 * Crops a chosen picture to a square in the browser before it is uploaded (avatars): drag the
 * picture or use the arrow keys to move it, the slider, the wheel or +/- to zoom. A file the browser
 * cannot read as an image is handed on as it is, so the server's own refusal (415) is what is shown.
 */
export function CropDialog({
  file,
  onCancel,
  onCrop,
}: {
  file: File;
  onCancel: () => void;
  onCrop: (blob: Blob, name: string) => void;
}) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [src, setSrc] = useState("");
  const [frame, setFrame] = useState<Frame>({ x: 0, y: 0, zoom: 1 });
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ id: number; x: number; y: number; from: Frame } | null>(null);
  const handOn = useRef(onCrop);
  useEffect(() => {
    handOn.current = onCrop;
  });

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      setImage(img);
      setSrc(url);
      // Start centred on the middle, as the server's own avatar crop does.
      const scale = scaleOf(img, 1);
      setFrame({
        zoom: 1,
        x: (VIEW - img.naturalWidth * scale) / 2,
        y: (VIEW - img.naturalHeight * scale) / 2,
      });
    };
    img.onerror = () => handOn.current(file, file.name);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const move = (next: Frame) => image && setFrame(clamp(image, next));
  const zoom = (value: number) => image && setFrame((f) => zoomTo(image, f, value));

  function onKeyDown(event: KeyboardEvent) {
    const step = event.shiftKey ? STEP * 4 : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    if (moves[event.key])
      move({ ...frame, x: frame.x + moves[event.key][0], y: frame.y + moves[event.key][1] });
    else if (event.key === "+" || event.key === "=") zoom(frame.zoom + 0.1);
    else if (event.key === "-") zoom(frame.zoom - 0.1);
    else return;
    event.preventDefault();
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, from: frame };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    move({ ...d.from, x: d.from.x + event.clientX - d.x, y: d.from.y + event.clientY - d.y });
  }
  const endDrag = () => (drag.current = null);

  async function confirm() {
    if (!image) return;
    setBusy(true);
    const blob = await cropToBlob(image, frame, file.type);
    setBusy(false);
    const stem = file.name.replace(/\.[^.]*$/, "") || "avatar";
    // A canvas the browser refused to export (it should not happen): the original goes instead.
    if (blob) onCrop(blob, `${stem}.${blob.type === "image/jpeg" ? "jpg" : "png"}`);
    else onCrop(file, file.name);
  }

  const scale = image ? scaleOf(image, frame.zoom) : 1;
  return (
    <Modal
      open
      onClose={onCancel}
      labelledBy="crop-dialog-title"
      className="crop-dialog"
      initialFocus=".crop-view"
      title="裁剪头像"
    >
      <div
        className="crop-view"
        style={{ width: VIEW, height: VIEW }}
        tabIndex={0}
        role="group"
        aria-label="裁剪区域"
        aria-describedby="crop-dialog-hint"
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onWheel={(event) => zoom(frame.zoom - event.deltaY / 500)}
      >
        {image ? (
          <img
            src={src}
            alt="要裁剪的图片"
            draggable={false}
            style={{
              width: image.naturalWidth * scale,
              height: image.naturalHeight * scale,
              transform: `translate(${frame.x}px, ${frame.y}px)`,
            }}
          />
        ) : (
          <span className="crop-loading" role="status">
            读取图片中…
          </span>
        )}
      </div>
      <p id="crop-dialog-hint" className="crop-hint">
        拖动或用方向键移动图片，滑块、滚轮或 +/- 缩放；圆圈内是头像显示的部分
      </p>
      <label className="crop-zoom">
        <span>缩放</span>
        <input
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={0.01}
          value={frame.zoom}
          disabled={!image}
          onChange={(event) => zoom(Number(event.target.value))}
        />
      </label>
      <div className="confirm-actions">
        <button type="button" className="btn" onClick={onCancel}>
          取消
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!image || busy}
          onClick={() => void confirm()}
        >
          {busy ? "处理中…" : "使用这张"}
        </button>
      </div>
    </Modal>
  );
}
