/// The reference's opening: how a scene file is built, before the sections list every key.
enum FormatIntroduction {
    static let text = """
    A scene file describes a view tree the way SwiftUI code does, in YAML or JSON (both spell the
    same model), and `arrange render` lays it out with SwiftUI's rules and draws it. This page
    lists every key the format has: each view kind and modifier with its keys, their types and
    defaults, the SwiftUI API it mirrors, and a small example with its picture (drawn at scale 2).
    `arrange validate` checks a file; its errors end with the section of this page to read.

    ## File structure

    A scene is a mapping. Its [top level](#top-level) has one `view`, the root of the tree, and
    optionally a [`canvas`](#canvas) (the size proposed to the root, the scale and the
    background), a `seed`, an [`animation`](#animation) and a `description` for screen readers.

    ```yaml
    canvas: {width: 240, height: 100, background: white}
    view:
      hstack: {spacing: 12}
      children:
        - circle:
          modifiers: [{fill: blue}, {frame: {width: 40, height: 40}}]
        - text: Hello
    ```

    - **A view** is a mapping with exactly one *kind* key (`hstack`, `text`, `circle`: see
      [Views](#views)) holding the kind's parameters, or the kind's name alone (`- spacer`).
      Beside the kind it may have:
    - **`children`**, a list of views, for the containers (stacks, `flow`, `grid`, …).
    - **`modifiers`**, a list applied in order, each a mapping with one key (`- padding: 8`) or a
      bare name (`- clipped`). As in SwiftUI each wraps everything before it, so
      `[{padding: 8}, {background: yellow}]` colours the padding and
      `[{background: yellow}, {padding: 8}]` does not. See [Modifiers](#modifiers).
    - **`id`**, a name: connectors (`connect`) and keyframes find views by it, and
      `arrange layout` shows it.
    - **`repeat: N`**, on a child of a container: N copies of it, each drawing its random values
      afresh; ids inside copy *i* get the suffix `-i`.

    **Values.** Lengths are in points. Colours are names (`blue`, `systemBackground`), `#rrggbb`
    or mappings ([color](#value-color)); alignments and unit points use SwiftUI's names
    (`topLeading`). Wherever a number may be random, `{random: [low, high]}` draws one from the
    scene's `seed` ([random](#value-random)), in the order the file is written, so the same seed
    always gives the same picture; `random` alone is a random colour.

    **Animation.** A scene with an [`animation`](#animation) has keyframes that change the
    parameters of views with an `id` over time; `arrange animate` exports it as frames, a sheet,
    an animated SVG or APNG.

    """
}
