import Arrange
import ArrangeScene
import Foundation

/// The page `arrange serve` shows, and the events that keep it current. Everything a user wrote
/// (file names, error messages, ids) reaches the page escaped (`XMLEscaping`) or through
/// `textContent`, never as markup; the page loads nothing from elsewhere.
enum PreviewPage {
    /// The page with the scenes as they are now; its script then follows `/events`.
    static func html(_ entries: [PreviewScenes.Entry]) -> String {
        var sections = ""
        for (index, entry) in entries.enumerated() {
            let errors = entry.errors.joined(separator: "\n"), warnings = entry.warnings.joined(separator: "\n")
            let picture = entry.pictureVersion > 0
                ? "<img alt=\"\" src=\"/scene/\(index).svg?v=\(entry.pictureVersion)\">" : ""
            sections += """
            <section data-scene="\(index)" data-picture="\(entry.pictureVersion)">
            <h2>\(XMLEscaping.escape(entry.name))</h2>
            <pre class="error"\(errors.isEmpty ? " hidden" : "")>\(XMLEscaping.escape(errors))</pre>
            <pre class="warning"\(warnings.isEmpty ? " hidden" : "")>\(XMLEscaping.escape(warnings))</pre>
            <div class="picture">\(picture)<div class="outline" hidden></div><div class="tip" hidden></div></div>
            </section>

            """
        }
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>arrange serve</title>
        <style>
        body { font: 14px sans-serif; margin: 16px; background: #f4f4f4; color: #222; }
        #status { color: #666; margin-bottom: 8px; }
        section { margin-bottom: 24px; }
        h2 { font-size: 15px; margin: 0 0 6px; }
        pre { white-space: pre-wrap; margin: 0 0 8px; padding: 8px; font: 13px monospace; }
        pre.error { background: #fde8e8; border: 2px solid #d00; color: #900; }
        pre.warning { background: #fff6d6; border: 1px solid #c90; }
        .picture { position: relative; display: inline-block; line-height: 0; background: white; }
        .picture img { display: block; }
        .outline { position: absolute; outline: 2px solid #0a84ff; background: rgba(10, 132, 255, 0.12); pointer-events: none; }
        .tip { position: absolute; z-index: 1; white-space: pre; line-height: 1.4; font: 12px monospace; background: #222; color: white;
               padding: 4px 6px; border-radius: 4px; pointer-events: none; }
        </style>
        </head>
        <body>
        <div id="status">connecting…</div>
        \(sections)<script>
        \(script)
        </script>
        </body>
        </html>

        """
    }

    /// Follows `/events`: a new picture is loaded beside the old one and swapped in once it has
    /// loaded, with its layout tree; errors show above the last good picture, which stays.
    /// Hovering finds the deepest view under the pointer in the layout tree.
    static let script = """
    'use strict';
    const status = document.getElementById('status');
    const layouts = {};
    function show(pre, text) { pre.textContent = text; pre.hidden = text === ''; }
    function update(state) {
      const section = document.querySelector('section[data-scene="' + state.scene + '"]');
      if (!section) return;
      show(section.querySelector('pre.error'), state.errors.join('\\n'));
      show(section.querySelector('pre.warning'), state.warnings.join('\\n'));
      if (state.picture === 0 || Number(section.dataset.picture) >= state.picture) return;
      section.dataset.wanted = state.picture;
      const image = new Image();
      image.alt = '';
      image.onload = () => {
        // A later picture may have loaded first; only the newest is shown.
        if (Number(section.dataset.wanted) !== state.picture) return;
        const holder = section.querySelector('.picture');
        const old = holder.querySelector('img');
        if (old) old.replaceWith(image); else holder.prepend(image);
        section.dataset.picture = state.picture;
      };
      image.src = '/scene/' + state.scene + '.svg?v=' + state.picture;
      loadLayout(state.scene, state.picture);
    }
    function loadLayout(scene, version) {
      fetch('/scene/' + scene + '/layout.json?v=' + version).then(r => r.ok ? r.json() : null)
        .then(tree => { if (tree) layouts[scene] = tree; }).catch(() => {});
    }
    function deepest(node, x, y) {
      const f = node.frame;
      if (x < f.x || y < f.y || x > f.x + f.width || y > f.y + f.height) return null;
      // Later children draw on top: look at them first.
      for (let i = node.children.length - 1; i >= 0; i--) {
        const found = deepest(node.children[i], x, y);
        if (found) return found;
      }
      return node;
    }
    function short(v) { return String(Math.round(v * 1000) / 1000); }
    for (const section of document.querySelectorAll('section[data-scene]')) {
      const scene = section.dataset.scene;
      const holder = section.querySelector('.picture');
      const outline = holder.querySelector('.outline'), tip = holder.querySelector('.tip');
      if (Number(section.dataset.picture) > 0) loadLayout(scene, section.dataset.picture);
      holder.addEventListener('mouseleave', () => { outline.hidden = true; tip.hidden = true; });
      holder.addEventListener('mousemove', event => {
        const image = holder.querySelector('img'), tree = layouts[scene];
        if (!image || !tree) return;
        const box = image.getBoundingClientRect();
        const sx = tree.canvas.width / box.width, sy = tree.canvas.height / box.height;
        const node = deepest(tree.root, (event.clientX - box.left) * sx, (event.clientY - box.top) * sy);
        if (!node) { outline.hidden = true; tip.hidden = true; return; }
        const f = node.frame;
        outline.style.left = f.x / sx + 'px'; outline.style.top = f.y / sy + 'px';
        outline.style.width = f.width / sx + 'px'; outline.style.height = f.height / sy + 'px';
        const line = node.source ? tree.file + ':' + node.source.split(':')[0] : 'no source line';
        tip.textContent = node.kind + (node.id !== null ? ' #' + node.id : '') + ' (' + [f.x, f.y, f.width, f.height].map(short).join(', ') + ')\\n' + line;
        tip.style.left = (event.clientX - box.left + 14) + 'px'; tip.style.top = (event.clientY - box.top + 14) + 'px';
        outline.hidden = false; tip.hidden = false;
      });
    }
    const events = new EventSource('/events');
    events.onopen = () => { status.textContent = 'live: the page follows every save'; };
    events.onerror = () => { status.textContent = 'disconnected from arrange serve; trying again…'; };
    events.onmessage = event => update(JSON.parse(event.data));
    """

    /// One event of `/events`: a scene's state, as JSON on one line (JSON strings escape line
    /// breaks, which would end the event).
    static func event(_ index: Int, _ entry: PreviewScenes.Entry, generation: Int) -> String {
        func list(_ lines: [String]) -> String { "[" + lines.map(LayoutDump.quoted).joined(separator: ",") + "]" }
        let data = "{\"scene\":\(index),\"version\":\(entry.version),\"picture\":\(entry.pictureVersion),\"errors\":\(list(entry.errors)),\"warnings\":\(list(entry.warnings))}"
        return "id: \(generation)\ndata: \(data)\n\n"
    }
}
