<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Cli</name>
    <message>
        <source>unexpected argument &quot;%1&quot;</source>
        <translation></translation>
    </message>
    <message>
        <source>Print the lesson, section by section</source>
        <translation></translation>
    </message>
    <message>
        <source>List the built-in presets</source>
        <translation></translation>
    </message>
    <message>
        <source>Print a preset as a scenario file</source>
        <translation></translation>
    </message>
    <message>
        <source>Scores, weights and output of a scenario</source>
        <translation></translation>
    </message>
    <message>
        <source>Why scores are divided by √d: the statistics</source>
        <translation></translation>
    </message>
    <message>
        <source>Time attention for growing T</source>
        <translation></translation>
    </message>
    <message>
        <source>see %1 --help</source>
        <translation></translation>
    </message>
    <message>
        <source>Qt %1 (built with %2), Eigen %3.%4.%5
</source>
        <translation></translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation></translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation></translation>
    </message>
    <message>
        <source>unknown option %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Usage: attention-cli %1 [options]%2</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 is given more than once</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a list of positive integers</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: %2 is outside %3 to %4</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a whole number from %3 to %4</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a whole number from 0 to %3</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number from %3 to %4</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not one of %3</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 and %2 contradict each other</source>
        <translation></translation>
    </message>
    <message>
        <source>Usage: attention-cli COMMAND [options]
Attention in Transformers, number by number, in a terminal.

Commands:
</source>
        <translation></translation>
    </message>
    <message>
        <source>
Options:
  -h, --help  Show this help; COMMAND --help shows a command&apos;s options.
  --version   Show the version and exit.

Exit codes: 0 success, 2 bad command line, 3 invalid input file.
</source>
        <translation></translation>
    </message>
    <message>
        <source>no command given; %1</source>
        <translation></translation>
    </message>
    <message>
        <source>unknown option %1; %2</source>
        <translation></translation>
    </message>
    <message>
        <source>unknown command &quot;%1&quot;; %2</source>
        <translation></translation>
    </message>
    <message>
        <source>could not write the output</source>
        <translation></translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 KB</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation></translation>
    </message>
    <message>
        <source>timing: run %1 of %2</source>
        <translation></translation>
    </message>
    <message>
        <source>Why scores are divided by √d. For each d, many trials draw T queries and T keys with N(0, 1) entries and measure the standard deviation of their dot products (about √d) and the mean of each row&apos;s largest softmax weight, unscaled and with the scores divided by √d. The same seed gives the same figures on every machine.</source>
        <translation></translation>
    </message>
    <message>
        <source>Comma-separated dimensions, each 1 to %1 (default 16,64,256,1024).</source>
        <translation></translation>
    </message>
    <message>
        <source>Tokens per trial, 1 to %1 (default %2).</source>
        <translation></translation>
    </message>
    <message>
        <source>Trials per d, 1 to %1 (default %2).</source>
        <translation></translation>
    </message>
    <message>
        <source>Random seed (default %1).</source>
        <translation></translation>
    </message>
    <message>
        <source>Measure only the scores a causal mask keeps.</source>
        <translation></translation>
    </message>
    <message>
        <source>Output format: table (default) or json.</source>
        <translation></translation>
    </message>
    <message>
        <source>T = %1, %2 trials, seed %3, %4
</source>
        <translation></translation>
    </message>
    <message>
        <source>causal</source>
        <translation></translation>
    </message>
    <message>
        <source>no mask</source>
        <translation></translation>
    </message>
    <message>
        <source>d</source>
        <translation></translation>
    </message>
    <message>
        <source>std of q·k</source>
        <translation></translation>
    </message>
    <message>
        <source>√d</source>
        <translation></translation>
    </message>
    <message>
        <source>max weight, unscaled</source>
        <translation></translation>
    </message>
    <message>
        <source>max weight, ÷√d</source>
        <translation></translation>
    </message>
    <message>
        <source>Times attention (float32, like PyTorch&apos;s default) for each kernel and T: the median time, the rate in GFLOP/s (4·T²·d operations), the growth from the previous T (about 4 when T doubles) and the memory the kernel needs beyond its inputs and output. gemm_gflops is a matrix product timed in the same program, for scale.</source>
        <translation></translation>
    </message>
    <message>
        <source>Comma-separated sequence lengths, each 1 to %1 (default 1000,2000,4000).</source>
        <translation></translation>
    </message>
    <message>
        <source>Width of q, k and v, 1 to %1 (default %2).</source>
        <translation></translation>
    </message>
    <message>
        <source>Kernel to time: %1 (default all).</source>
        <translation></translation>
    </message>
    <message>
        <source>Apply the causal mask.</source>
        <translation></translation>
    </message>
    <message>
        <source>Threads, 1 to %1 (default: every core).</source>
        <translation></translation>
    </message>
    <message>
        <source>Timed runs per kernel and T after one warm-up, 1 to %1 (default %2).</source>
        <translation></translation>
    </message>
    <message>
        <source>kernel</source>
        <translation></translation>
    </message>
    <message>
        <source>T</source>
        <translation></translation>
    </message>
    <message>
        <source>median ms</source>
        <translation></translation>
    </message>
    <message>
        <source>GFLOP/s</source>
        <translation></translation>
    </message>
    <message>
        <source>growth</source>
        <translation></translation>
    </message>
    <message>
        <source>extra memory</source>
        <translation></translation>
    </message>
    <message>
        <source>unknown preset &quot;%1&quot; (the presets are %2)</source>
        <translation></translation>
    </message>
    <message>
        <source>Lists the built-in presets, one name a line. Print one with: attention-cli preset NAME</source>
        <translation></translation>
    </message>
    <message>
        <source>Prints a built-in preset as a scenario file (JSON), ready to edit and load.
Presets: %1</source>
        <translation></translation>
    </message>
    <message>
        <source>The preset&apos;s name.</source>
        <translation></translation>
    </message>
    <message>
        <source>missing the preset&apos;s name (the presets are %1)</source>
        <translation></translation>
    </message>
    <message>
        <source>Computes the scores, weights and output of a scenario, given as a file or a preset. The options override the scenario&apos;s own settings.
JSON: {&quot;tokens&quot;, &quot;scores&quot;, &quot;weights&quot;, &quot;output&quot;}, a masked score is null. CSV: three tables headed scores, weights and output.</source>
        <translation></translation>
    </message>
    <message>
        <source>A scenario file.</source>
        <translation></translation>
    </message>
    <message>
        <source>Use the built-in preset NAME instead of a file.</source>
        <translation></translation>
    </message>
    <message>
        <source>Multiply every dot product by X (%1 to %2).</source>
        <translation></translation>
    </message>
    <message>
        <source>Hide later tokens (causal mask).</source>
        <translation></translation>
    </message>
    <message>
        <source>Let every token see every token.</source>
        <translation></translation>
    </message>
    <message>
        <source>Divide the scores by √d.</source>
        <translation></translation>
    </message>
    <message>
        <source>Do not divide the scores by √d.</source>
        <translation></translation>
    </message>
    <message>
        <source>Output format: json (default) or csv.</source>
        <translation></translation>
    </message>
    <message>
        <source>give a scenario file or --preset, not both</source>
        <translation></translation>
    </message>
    <message>
        <source>give a scenario file or --preset NAME</source>
        <translation></translation>
    </message>
    <message>
        <source>%1; %2</source>
        <extracomment>What is wrong; see attention-cli COMMAND --help</extracomment>
        <translation></translation>
    </message>
    <message>
        <source>--trials × --T² × --d is %1, more than %2; make one of them smaller</source>
        <translation></translation>
    </message>
    <message>
        <source>4 × --T² × --d is %1, more than %2; make --T or --d smaller</source>
        <translation></translation>
    </message>
    <message>
        <source>d = %1, %2, %3; a %4×%4 matrix product runs at %5 GFLOP/s here
</source>
        <translation></translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n thread</numerusform>
            <numerusform>%n threads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Lesson</name>
    <message>
        <source>Averaging: one matrix product gives each position the mean of itself and everything before it</source>
        <translation></translation>
    </message>
    <message>
        <source>Row 3 of weights · x (&apos;%1&apos;) equals the mean of the first three rows of x: %2</source>
        <translation></translation>
    </message>
    <message>
        <source>Scores are dot products: %1&apos;s query %2 is looking for the sky</source>
        <translation></translation>
    </message>
    <message>
        <source>scores q·k:</source>
        <translation></translation>
    </message>
    <message>
        <source>weights after softmax:</source>
        <translation></translation>
    </message>
    <message>
        <source>weights of the scores × 5:</source>
        <translation></translation>
    </message>
    <message>
        <source>Larger scores make softmax pick a favourite: at × 5, %1 takes %2 of the weight.</source>
        <translation></translation>
    </message>
    <message>
        <source>The causal mask: no looking ahead, scores above the diagonal become −∞ and their weights 0</source>
        <translation></translation>
    </message>
    <message>
        <source>random q, k %1 with seed 3, scores divided by √8:</source>
        <translation></translation>
    </message>
    <message>
        <source>Why divide by √d: the wider the vectors, the larger the dot products, and softmax turns all-or-nothing</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 trials of %2 random queries and keys, seed %3:</source>
        <translation></translation>
    </message>
    <message>
        <source>d</source>
        <translation></translation>
    </message>
    <message>
        <source>std of q·k</source>
        <translation></translation>
    </message>
    <message>
        <source>√d</source>
        <translation></translation>
    </message>
    <message>
        <source>largest weight, unscaled</source>
        <translation></translation>
    </message>
    <message>
        <source>divided by √d</source>
        <translation></translation>
    </message>
    <message>
        <source>The spread of q·k grows like √d; dividing by √d brings it back to about 1 and keeps the weights spread out.</source>
        <translation></translation>
    </message>
    <message>
        <source>One attention head: one input, three weight matrices, and out come q, k and v</source>
        <translation></translation>
    </message>
    <message>
        <source>input %1 → q, k, v each %2 → output %3</source>
        <translation></translation>
    </message>
    <message>
        <source>largest difference to an independent reference: %1 (double), %2 (float32)</source>
        <translation></translation>
    </message>
    <message>
        <source>The cost: T tokens make a T×T table of scores, so doubling T makes four times the work</source>
        <translation></translation>
    </message>
    <message>
        <source>float32, d = %1 like the head above, the %2 kernel on one thread, median of %3 runs:</source>
        <translation></translation>
    </message>
    <message>
        <source>T</source>
        <translation></translation>
    </message>
    <message>
        <source>time</source>
        <translation></translation>
    </message>
    <message>
        <source>growth</source>
        <translation></translation>
    </message>
    <message>
        <source>T×T table</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation></translation>
    </message>
    <message>
        <source>Twice the tokens, four times the scores: the time grows about 4× per doubling, and so would the memory of a stored table (this kernel computes it block by block and never stores it whole).</source>
        <translation></translation>
    </message>
    <message>
        <source>Prints the lesson&apos;s program output, section by section: 1 averaging, 2 scores and softmax, 3 the causal mask, 4 dividing by √d, 5 one attention head, 6 the cost.
Random figures are seeded and the same on every machine: x in section 1 with seed 1, q and k in section 3 with seed 3, the √d trials with seed 1, the head in section 5 with seed 5 (the random-head preset), the timed matrices with seed 1.</source>
        <translation></translation>
    </message>
    <message>
        <source>Print only section N, 1 to %1.</source>
        <translation></translation>
    </message>
    <message>
        <source>Language: %1 (default: the system&apos;s).</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>Presets</name>
    <message>
        <source>床前明月光 with hand-made queries and keys; 光 looks for the sky</source>
        <translation></translation>
    </message>
    <message>
        <source>Exercise 1: 光 looks for position, query [0, 1]</source>
        <translation></translation>
    </message>
    <message>
        <source>The lesson&apos;s scores multiplied by 5: softmax sharpens</source>
        <translation></translation>
    </message>
    <message>
        <source>Step 1: every position averages itself and the positions before it</source>
        <translation></translation>
    </message>
    <message>
        <source>A seeded single head: d_model 16, d_head 8, causal, scaled by √d</source>
        <translation></translation>
    </message>
    <message>
        <source>sky</source>
        <translation></translation>
    </message>
    <message>
        <source>position</source>
        <translation></translation>
    </message>
    <message>
        <source>床前明月光 — average</source>
        <translation></translation>
    </message>
    <message>
        <source>床前明月光 — random head</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>Scenario</name>
    <message>
        <source>: must be a finite number</source>
        <translation></translation>
    </message>
    <message>
        <source>: %1 is larger in magnitude than %2</source>
        <translation></translation>
    </message>
    <message>
        <source>tokens: %1 tokens; a scenario needs 1 to %2</source>
        <translation></translation>
    </message>
    <message>
        <source>tokens[%1]: a token must not be empty</source>
        <translation></translation>
    </message>
    <message>
        <source>queries: dimension %1; d must be 1 to %2</source>
        <translation></translation>
    </message>
    <message>
        <source>queries: %1 rows for %2 tokens</source>
        <translation></translation>
    </message>
    <message>
        <source>keys: %1 rows for %2 tokens</source>
        <translation></translation>
    </message>
    <message>
        <source>keys: width %1, but queries have width %2</source>
        <translation></translation>
    </message>
    <message>
        <source>values: %1 rows for %2 tokens</source>
        <translation></translation>
    </message>
    <message>
        <source>values: width %1; it must be 1 to %2</source>
        <translation></translation>
    </message>
    <message>
        <source>dimension_names: %1 names for dimension %2</source>
        <translation></translation>
    </message>
    <message>
        <source>score_scale: %1 is outside %2 to %3</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>ScenarioFile</name>
    <message>
        <source>the value %1</source>
        <translation></translation>
    </message>
    <message>
        <source>the number %1</source>
        <translation></translation>
    </message>
    <message>
        <source>the string &quot;%1&quot;</source>
        <translation></translation>
    </message>
    <message>
        <source>an array</source>
        <translation></translation>
    </message>
    <message>
        <source>an object</source>
        <translation></translation>
    </message>
    <message>
        <source>nothing</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 MiB is too large; a scenario file may have at most %2 MiB</source>
        <translation></translation>
    </message>
    <message>
        <source>the number %1 is out of the range of a double</source>
        <translation></translation>
    </message>
    <message>
        <source>not valid JSON: %1 at offset %2 (line %3)</source>
        <translation></translation>
    </message>
    <message>
        <source>this field is missing</source>
        <translation></translation>
    </message>
    <message>
        <source>expected a number, found %1</source>
        <translation></translation>
    </message>
    <message>
        <source>the number is out of the range of a double</source>
        <translation></translation>
    </message>
    <message>
        <source>expected a string, found %1</source>
        <translation></translation>
    </message>
    <message>
        <source>expected an array, found %1</source>
        <translation></translation>
    </message>
    <message>
        <source>expected &quot;%1&quot;, found %2</source>
        <translation></translation>
    </message>
    <message>
        <source>unsupported version %1; this program reads version %2</source>
        <translation></translation>
    </message>
    <message>
        <source>unknown field &quot;%1&quot;</source>
        <translation></translation>
    </message>
    <message>
        <source>expected true or false, found %1</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 tokens; a scenario needs 1 to %2</source>
        <translation></translation>
    </message>
    <message>
        <source>a token must not be empty</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 rows, expected %2 (one per token)</source>
        <translation></translation>
    </message>
    <message>
        <source>width %1; rows need 1 to %2 numbers</source>
        <translation></translation>
    </message>
    <message>
        <source>width %1, expected %2 (the width of %3)</source>
        <translation></translation>
    </message>
    <message>
        <source>expected an object, found %1</source>
        <translation></translation>
    </message>
    <message>
        <source>No scenario file name given.</source>
        <translation></translation>
    </message>
    <message>
        <source>no such file</source>
        <translation></translation>
    </message>
    <message>
        <source>is a directory, not a scenario file</source>
        <translation></translation>
    </message>
    <message>
        <source>is not a regular file</source>
        <translation></translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation></translation>
    </message>
    <message>
        <source>the scenario is not valid: %1</source>
        <translation></translation>
    </message>
    <message>
        <source>cannot be written: %1</source>
        <translation></translation>
    </message>
    <message>
        <source>not valid Unicode: an unpaired surrogate</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::CompareView</name>
    <message>
        <source>causal mask on</source>
        <translation></translation>
    </message>
    <message>
        <source>causal mask off</source>
        <translation></translation>
    </message>
    <message>
        <source>÷ √d on</source>
        <translation></translation>
    </message>
    <message>
        <source>÷ √d off</source>
        <translation></translation>
    </message>
    <message>
        <source>scale %1×</source>
        <translation></translation>
    </message>
    <message>
        <source>, </source>
        <translation></translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation></translation>
    </message>
    <message>
        <source>the causal mask flipped</source>
        <translation></translation>
    </message>
    <message>
        <source>dividing by √d flipped</source>
        <translation></translation>
    </message>
    <message>
        <source>the score scale at 1×</source>
        <translation></translation>
    </message>
    <message>
        <source>Which switch differs in this second heatmap of the same scenario.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::ControlsPanel</name>
    <message>
        <source>d = %1, the scenario&apos;s own</source>
        <translation></translation>
    </message>
    <message>
        <source>d = %1, random</source>
        <translation></translation>
    </message>
    <message>
        <source>Score scale</source>
        <translation></translation>
    </message>
    <message>
        <source>Multiply every score by this factor (0.1× to 20×, marks at 1× and 5×): larger makes softmax sharper, smaller makes it flatter.</source>
        <translation></translation>
    </message>
    <message>
        <source>Drag to scale the scores; the heatmaps and the chart follow.</source>
        <translation></translation>
    </message>
    <message>
        <source>The exact factor every dot product is multiplied by.</source>
        <translation></translation>
    </message>
    <message>
        <source>Divide by √d</source>
        <translation></translation>
    </message>
    <message>
        <source>Divide the scores by the square root of the dimension d, as Transformers do, so that large d does not make softmax collapse.</source>
        <translation></translation>
    </message>
    <message>
        <source>Causal mask</source>
        <translation></translation>
    </message>
    <message>
        <source>Hide later tokens: each query sees only itself and the tokens before it (their scores become −∞).</source>
        <translation></translation>
    </message>
    <message>
        <source>Dimension d</source>
        <translation></translation>
    </message>
    <message>
        <source>Replace q and k by seeded random vectors of dimension d (1 to 1024) for the same tokens. Back at the original d, the hand-made vectors return.</source>
        <translation></translation>
    </message>
    <message>
        <source>Drag d up and compare the weights with and without dividing by √d.</source>
        <translation></translation>
    </message>
    <message>
        <source>The dimension of the queries and keys, and whether they are hand-made or random.</source>
        <translation></translation>
    </message>
    <message>
        <source>Re-roll</source>
        <translation></translation>
    </message>
    <message>
        <source>Draw new random queries and keys of the same dimension.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::HeatmapWidget</name>
    <message>
        <source>Save Heatmap Image</source>
        <translation></translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation></translation>
    </message>
    <message>
        <source>Copy Image</source>
        <translation></translation>
    </message>
    <message>
        <source>Save Image As…</source>
        <translation></translation>
    </message>
    <message>
        <source>Fixed 0–1 Colour Scale</source>
        <translation></translation>
    </message>
    <message>
        <source>Colour the weights on a fixed 0 to 1 scale, so heatmaps stay comparable</source>
        <translation></translation>
    </message>
    <message>
        <source>Hover a cell to see how it is computed; click a row to choose that query.</source>
        <translation></translation>
    </message>
    <message>
        <source>masked</source>
        <translation></translation>
    </message>
    <message>
        <source>Scores</source>
        <translation></translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation></translation>
    </message>
    <message>
        <source>Values v</source>
        <translation></translation>
    </message>
    <message>
        <source>Output</source>
        <translation></translation>
    </message>
    <message>
        <source>scores = %1 × q·k ÷ √%2</source>
        <translation></translation>
    </message>
    <message>
        <source>scores = %1 × q·k</source>
        <translation></translation>
    </message>
    <message>
        <source>; −∞ above the diagonal (causal mask)</source>
        <translation></translation>
    </message>
    <message>
        <source>softmax of each score row; colours 0 to 1</source>
        <translation></translation>
    </message>
    <message>
        <source>softmax of each score row; colours from the smallest to the largest weight</source>
        <translation></translation>
    </message>
    <message>
        <source>one row per token</source>
        <translation></translation>
    </message>
    <message>
        <source>output = weights · v</source>
        <translation></translation>
    </message>
    <message>
        <source>Query %1 → key %2</source>
        <translation></translation>
    </message>
    <message>
        <source>Masked: %1 comes after %2, and the causal mask hides later tokens.</source>
        <translation></translation>
    </message>
    <message>
        <source>score = −∞, so weight = e^−∞ / Σ = 0</source>
        <translation></translation>
    </message>
    <message>
        <source>× scale %1 ÷ √%2 = %3</source>
        <translation></translation>
    </message>
    <message>
        <source>× scale %1 = %2</source>
        <translation></translation>
    </message>
    <message>
        <source>weight = e^%1 / Σ e^score = %2 / %3 = %4</source>
        <translation></translation>
    </message>
    <message>
        <source>weight = e^%1 / Σ e^score = %2</source>
        <translation></translation>
    </message>
    <message>
        <source>Value of %1, component %2</source>
        <translation></translation>
    </message>
    <message>
        <source>Output of %1, component %2</source>
        <translation></translation>
    </message>
    <message>
        <source>Could not write the image %1.</source>
        <translation></translation>
    </message>
    <message>
        <source>Could not write the drawing %1.</source>
        <translation></translation>
    </message>
    <message>
        <source>Token %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Click to choose this query.</source>
        <translation></translation>
    </message>
    <message>
        <source>one-hot rows</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation></translation>
    </message>
    <message>
        <source>Start again from the lesson&apos;s scenario</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation></translation>
    </message>
    <message>
        <source>Open a scenario file (JSON)</source>
        <translation></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation></translation>
    </message>
    <message>
        <source>Save the scenario to its file</source>
        <translation></translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation></translation>
    </message>
    <message>
        <source>Save the scenario to a new file</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation></translation>
    </message>
    <message>
        <source>Scores Heatmap as &amp;PNG…</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Weights Heatmap as PNG…</source>
        <translation></translation>
    </message>
    <message>
        <source>Scores Heatmap as &amp;SVG…</source>
        <translation></translation>
    </message>
    <message>
        <source>Weights Heatmap as S&amp;VG…</source>
        <translation></translation>
    </message>
    <message>
        <source>Save the heatmap as a PNG image at twice the screen resolution</source>
        <translation></translation>
    </message>
    <message>
        <source>Save the heatmap as an SVG drawing for slides</source>
        <translation></translation>
    </message>
    <message>
        <source>Scores as &amp;CSV…</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Output as CSV…</source>
        <translation></translation>
    </message>
    <message>
        <source>Save the numbers as a table, one row per token</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation></translation>
    </message>
    <message>
        <source>Close Attention Lab</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation></translation>
    </message>
    <message>
        <source>Undo the last change</source>
        <translation></translation>
    </message>
    <message>
        <source>Redo the change just undone</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Copy Weights Image</source>
        <translation></translation>
    </message>
    <message>
        <source>Copy the weights heatmap to the clipboard as an image</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation></translation>
    </message>
    <message>
        <source>Fill the screen, for presenting</source>
        <translation></translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation></translation>
    </message>
    <message>
        <source>Larger text and cells, for a projector</source>
        <translation></translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation></translation>
    </message>
    <message>
        <source>Smaller text and cells</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation></translation>
    </message>
    <message>
        <source>Normal text size</source>
        <translation></translation>
    </message>
    <message>
        <source>Fixed 0–1 &amp;Weight Colours</source>
        <translation></translation>
    </message>
    <message>
        <source>Colour weights from 0 to 1 always, so sharpening is easy to compare; off: from the smallest to the largest weight shown</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Presets</source>
        <translation></translation>
    </message>
    <message>
        <source>Load the preset “%1” (undoable)</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation></translation>
    </message>
    <message>
        <source>Switch the interface language</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;About Attention Lab</source>
        <translation></translation>
    </message>
    <message>
        <source>Version, Qt and Eigen versions</source>
        <translation></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation></translation>
    </message>
    <message>
        <source>Vector plane</source>
        <translation></translation>
    </message>
    <message>
        <source>Weights of the selected query</source>
        <translation></translation>
    </message>
    <message>
        <source>Queries, keys and values</source>
        <translation></translation>
    </message>
    <message>
        <source>Compare</source>
        <translation></translation>
    </message>
    <message>
        <source>Output = weights · values</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation></translation>
    </message>
    <message>
        <source>%1[*] — Attention Lab</source>
        <translation></translation>
    </message>
    <message>
        <source>scale %1×</source>
        <translation></translation>
    </message>
    <message>
        <source>÷ √d</source>
        <translation></translation>
    </message>
    <message>
        <source>no ÷ √d</source>
        <translation></translation>
    </message>
    <message>
        <source>causal</source>
        <translation></translation>
    </message>
    <message>
        <source>full attention</source>
        <translation></translation>
    </message>
    <message>
        <source>Tokens, dimension and the switches of the current scenario</source>
        <translation></translation>
    </message>
    <message>
        <source>Restore the hand-made queries and keys</source>
        <translation></translation>
    </message>
    <message>
        <source>Random queries and keys, d = %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Cannot Open Scenario</source>
        <translation></translation>
    </message>
    <message>
        <source>Cannot Save Scenario</source>
        <translation></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Load preset %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Cannot Export</source>
        <translation></translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation></translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation></translation>
    </message>
    <message>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation></translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation></translation>
    </message>
    <message>
        <source>Scenario files (*.json)</source>
        <translation></translation>
    </message>
    <message>
        <source>Export Heatmap</source>
        <translation></translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation></translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation></translation>
    </message>
    <message>
        <source>Export Table</source>
        <translation></translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation></translation>
    </message>
    <message>
        <source>The weights heatmap is on the clipboard</source>
        <translation></translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation></translation>
    </message>
    <message>
        <source>The scenario has changes that are not saved. Save them first?</source>
        <translation></translation>
    </message>
    <message>
        <source>Zoom %1%</source>
        <translation></translation>
    </message>
    <message>
        <source>About Attention Lab</source>
        <translation></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Attention Lab %1&lt;/h3&gt;&lt;p&gt;Learn how attention in Transformers works by touching every number: queries, keys, scores, softmax, the causal mask and the output.&lt;/p&gt;&lt;p&gt;Built with Qt %2 (running on Qt %3) and Eigen %4.&lt;/p&gt;</source>
        <translation></translation>
    </message>
    <message>
        <source>We&amp;ights as CSV…</source>
        <translation></translation>
    </message>
    <message>
        <source>Controls</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 is a folder, not a file; nothing was written.</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 is read-only; it was left as it was.</source>
        <translation></translation>
    </message>
    <message>
        <source>The scenario would not read back the same from a file (%1), so %2 was not written.</source>
        <translation></translation>
    </message>
    <message>
        <source>different values</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 was written but does not read back the same scenario (%2); keep the window open and save again elsewhere.</source>
        <translation></translation>
    </message>
    <message>
        <source>Cannot Restore Scenario</source>
        <translation></translation>
    </message>
    <message>
        <source>Restore Unsaved Scenario</source>
        <translation></translation>
    </message>
    <message>
        <source>Attention Lab did not close properly last time. Restore the unsaved scenario from %1?</source>
        <translation></translation>
    </message>
    <message>
        <source>It was an edit of %1.</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::OutputView</name>
    <message>
        <source>Each output row is the weighted sum of the value rows, with the weights of that row&apos;s query.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::ScenarioDocument</name>
    <message>
        <source>Rename scenario</source>
        <translation></translation>
    </message>
    <message>
        <source>Change score scale</source>
        <translation></translation>
    </message>
    <message>
        <source>Divide by √d</source>
        <translation></translation>
    </message>
    <message>
        <source>Do not divide by √d</source>
        <translation></translation>
    </message>
    <message>
        <source>Turn causal mask on</source>
        <translation></translation>
    </message>
    <message>
        <source>Turn causal mask off</source>
        <translation></translation>
    </message>
    <message>
        <source>There is no entry %1 of token %2.</source>
        <translation></translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation></translation>
    </message>
    <message>
        <source>A vector of width %1 does not fit token %2.</source>
        <translation></translation>
    </message>
    <message>
        <source>Move %1</source>
        <translation></translation>
    </message>
    <message>
        <source>There is no token %1.</source>
        <translation></translation>
    </message>
    <message>
        <source>Rename token</source>
        <translation></translation>
    </message>
    <message>
        <source>A token cannot be inserted at position %1.</source>
        <translation></translation>
    </message>
    <message>
        <source>Add token</source>
        <translation></translation>
    </message>
    <message>
        <source>A scenario needs at least one token.</source>
        <translation></translation>
    </message>
    <message>
        <source>Remove token</source>
        <translation></translation>
    </message>
    <message>
        <source>The dimension must be 1 to %1.</source>
        <translation></translation>
    </message>
    <message>
        <source>Change dimension to %1</source>
        <translation></translation>
    </message>
    <message>
        <source>There is no dimension %1.</source>
        <translation></translation>
    </message>
    <message>
        <source>Rename dimension</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::VectorEditor</name>
    <message>
        <source>token %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Not changed: %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Add token</source>
        <translation></translation>
    </message>
    <message>
        <source>Add a token after the current row, with zero query and key; then type its name.</source>
        <translation></translation>
    </message>
    <message>
        <source>Remove token</source>
        <translation></translation>
    </message>
    <message>
        <source>Remove the token of the current row (a scenario keeps at least one token).</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;d =</source>
        <translation></translation>
    </message>
    <message>
        <source>d, the width of every query and key (1 to %1). New dimensions start at 0; lowering d drops the last dimensions (undo brings them back).</source>
        <translation></translation>
    </message>
    <message>
        <source>Each row is a token: its query (what it looks for), key (what it offers) and value (what it passes on). Double-click or type to edit; arrow keys and the wheel change a number step by step.</source>
        <translation></translation>
    </message>
    <message>
        <source>Why the last edit was not applied</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::VectorPlane</name>
    <message>
        <source>Keys (solid) and queries (dashed) as arrows from the origin.
Drag an arrow&apos;s tip to change that vector; hold Shift to snap to 0.1.
Click a query&apos;s tip to select it.</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Horizontal:</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Vertical:</source>
        <translation></translation>
    </message>
    <message>
        <source>The dimension of the queries and keys on the horizontal axis</source>
        <translation></translation>
    </message>
    <message>
        <source>The dimension of the queries and keys on the vertical axis</source>
        <translation></translation>
    </message>
    <message>
        <source>Vector plane</source>
        <translation></translation>
    </message>
    <message>
        <source>Queries and keys drawn as arrows; drag a tip to change that vector.</source>
        <translation></translation>
    </message>
    <message>
        <source>q(%1) = [%2]</source>
        <translation></translation>
    </message>
    <message>
        <source>k(%1) = [%2]</source>
        <translation></translation>
    </message>
    <message>
        <source>masked (−∞)</source>
        <translation></translation>
    </message>
    <message>
        <source>  q(%1)·k(%2) = %3, score %4, weight %5</source>
        <translation></translation>
    </message>
    <message>
        <source>q(%1)</source>
        <translation></translation>
    </message>
    <message>
        <source>k(%1)</source>
        <translation></translation>
    </message>
    <message>
        <source>Dragging here moves %1.</source>
        <translation></translation>
    </message>
    <message>
        <source>Drag the tip to change %1.</source>
        <translation></translation>
    </message>
    <message>
        <source>Click to select this query.</source>
        <translation></translation>
    </message>
    <message>
        <source>q %1</source>
        <translation></translation>
    </message>
    <message>
        <source>k %1</source>
        <translation></translation>
    </message>
    <message>
        <source>keys</source>
        <translation></translation>
    </message>
    <message>
        <source>queries</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::VectorTableModel</name>
    <message>
        <source>Token %1 of %2</source>
        <translation></translation>
    </message>
    <message>
        <source>A token needs a name; an empty name is not accepted.</source>
        <translation></translation>
    </message>
    <message>
        <source>“%1” is not a number.</source>
        <translation></translation>
    </message>
    <message>
        <source>Token</source>
        <translation></translation>
    </message>
    <message>
        <source>q·%1</source>
        <extracomment>Table header of a query entry along a named dimension, e.g. &quot;q·sky&quot;.</extracomment>
        <translation></translation>
    </message>
    <message>
        <source>q%1</source>
        <translation></translation>
    </message>
    <message>
        <source>k·%1</source>
        <extracomment>Table header of a key entry along a named dimension, e.g. &quot;k·sky&quot;.</extracomment>
        <translation></translation>
    </message>
    <message>
        <source>k%1</source>
        <translation></translation>
    </message>
    <message>
        <source>v%1</source>
        <translation></translation>
    </message>
    <message>
        <source>The token&apos;s name. Double-click a name to rename the token.</source>
        <translation></translation>
    </message>
    <message>
        <source>Query, dimension %1 (%2): what each token looks for.</source>
        <translation></translation>
    </message>
    <message>
        <source>Key, dimension %1 (%2): what each token offers to the queries.</source>
        <translation></translation>
    </message>
    <message>
        <source>Value, entry %1: what each token passes on when it is attended to.</source>
        <translation></translation>
    </message>
    <message>
        <source>Token %1: “%2”. Double-click to rename it.</source>
        <translation></translation>
    </message>
    <message>
        <source>Query of “%1”, dimension %2 (%3) = %4
How strongly “%1” looks for %3.</source>
        <translation></translation>
    </message>
    <message>
        <source>Key of “%1”, dimension %2 (%3) = %4
How strongly “%1” offers %3 to the queries.</source>
        <translation></translation>
    </message>
    <message>
        <source>Value of “%1”, entry %2 = %3
What “%1” passes on to the tokens that attend to it.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::WeightsChart</name>
    <message>
        <source>Weights of the selected query</source>
        <translation></translation>
    </message>
    <message>
        <source>Weights of %1&apos;s query over the keys</source>
        <translation></translation>
    </message>
    <message>
        <source>weight</source>
        <translation></translation>
    </message>
    <message>
        <source>keys 1 to %1</source>
        <translation></translation>
    </message>
    <message>
        <source>keys</source>
        <translation></translation>
    </message>
    <message>
        <source>The selected query&apos;s weights: how much it takes from each key. Click a heatmap row to choose another query.</source>
        <translation></translation>
    </message>
    <message>
        <source>Bar chart of the selected query&apos;s weights over the keys (0 to 1).</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>%1 (see --help)</source>
        <translation></translation>
    </message>
    <message>
        <source>Attention Lab: learn how attention in Transformers works by touching every number.</source>
        <translation></translation>
    </message>
    <message>
        <source>Start with the built-in preset NAME (%1).</source>
        <translation></translation>
    </message>
    <message>
        <source>Interface language: en or zh_CN (default: the last one used, else the system&apos;s).</source>
        <translation></translation>
    </message>
    <message>
        <source>Lay the window out at %1 × %2 pixels, save it as FILE.png and exit.</source>
        <translation></translation>
    </message>
    <message>
        <source>A scenario file to open.</source>
        <translation></translation>
    </message>
    <message>
        <source>only one scenario file can be opened</source>
        <translation></translation>
    </message>
    <message>
        <source>unknown preset “%1”; the presets are: %2</source>
        <translation></translation>
    </message>
    <message>
        <source>give a scenario file or --preset, not both</source>
        <translation></translation>
    </message>
    <message>
        <source>--screenshot needs a file name</source>
        <translation></translation>
    </message>
    <message>
        <source>unknown language “%1”; use en or zh_CN</source>
        <translation></translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation></translation>
    </message>
</context>
</TS>
