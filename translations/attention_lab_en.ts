<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>ChartAccessible</name>
    <message>
        <source>Axes: %1</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation></translation>
    </message>
    <message>
        <source>no points yet</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 against %2; </source>
        <translation></translation>
    </message>
    <message>
        <source>%1 points; first %2, last %3, lowest %4</source>
        <translation></translation>
    </message>
</context>
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
    <message>
        <source>%1 kernels
</source>
        <translation></translation>
    </message>
    <message>
        <source>Licensed under the MIT License.
</source>
        <translation></translation>
    </message>
    <message>
        <source>documents</source>
        <translation></translation>
    </message>
    <message>
        <source>characters</source>
        <translation></translation>
    </message>
    <message>
        <source>training characters</source>
        <translation></translation>
    </message>
    <message>
        <source>validation characters</source>
        <translation></translation>
    </message>
    <message>
        <source>vocabulary (ids)</source>
        <translation></translation>
    </message>
    <message>
        <source>unknown (id 0) in training</source>
        <translation></translation>
    </message>
    <message>
        <source>unknown (id 0) in validation</source>
        <translation></translation>
    </message>
    <message>
        <source>unigram validation loss</source>
        <translation></translation>
    </message>
    <message>
        <source>corpus %1
</source>
        <translation></translation>
    </message>
    <message>
        <source>Shows the text the tiny model trains on: its documents and characters, the training and validation split (every tenth document is validation; with fewer than ten documents, the last tenth of the text, at least %1 characters), the vocabulary (id 0 for characters seen fewer than two times in training) and the loss of a model that only knows how often each character occurs.
JSON: {&quot;corpus&quot;, &quot;documents&quot;, &quot;characters&quot;, &quot;train_characters&quot;, &quot;val_characters&quot;, &quot;vocab_size&quot;, &quot;unknown_in_train&quot;, &quot;unknown_in_val&quot;, &quot;unigram_val_loss&quot;}.</source>
        <translation></translation>
    </message>
    <message>
        <source>The tiny model&apos;s training text and its vocabulary</source>
        <translation></translation>
    </message>
    <message>
        <source>Train the tiny character Transformer</source>
        <translation></translation>
    </message>
    <message>
        <source>A trained model&apos;s loss, attention and guesses on a text</source>
        <translation></translation>
    </message>
    <message>
        <source>The gradient of eval&apos;s loss, as a weights file</source>
        <translation></translation>
    </message>
    <message>
        <source>Text written by a trained model</source>
        <translation></translation>
    </message>
    <message>
        <source>--%1 is missing</source>
        <translation></translation>
    </message>
    <message>
        <source>loss %1 over %2 predictions
</source>
        <translation></translation>
    </message>
    <message>
        <source>
layer %1, head %2 (row: query, column: key)
</source>
        <translation></translation>
    </message>
    <message>
        <source>
most likely next characters
</source>
        <translation></translation>
    </message>
    <message>
        <source>One forward pass of a trained model over a text of 2 to context characters: the loss of predicting each next character of the text, every head&apos;s attention weights, and the five most likely next characters at each position. Characters the model does not know become id 0 (�).</source>
        <translation></translation>
    </message>
    <message>
        <source>The text, such as 床前明月光.</source>
        <translation></translation>
    </message>
    <message>
        <source>The gradient of eval&apos;s loss on a text with respect to every weight of the model, written as a weights file with the same tensor names and shapes. Prints the loss and the gradient&apos;s norm.</source>
        <translation></translation>
    </message>
    <message>
        <source>The text, 2 to context characters.</source>
        <translation></translation>
    </message>
    <message>
        <source>The gradient file to write.</source>
        <translation></translation>
    </message>
    <message>
        <source>--out is empty</source>
        <translation></translation>
    </message>
    <message>
        <source>Writes text with a trained model: starting from the prompt, it draws each next character from the model&apos;s probabilities sharpened or flattened by the temperature (0: always the most likely), seeing the last context characters. The same seed gives the same text. Prints the prompt and what follows it.</source>
        <translation></translation>
    </message>
    <message>
        <source>The text to continue (default 床前).</source>
        <translation></translation>
    </message>
    <message>
        <source>Characters to write, 1 to %1 (default 64).</source>
        <translation></translation>
    </message>
    <message>
        <source>0 to %1 (default 1).</source>
        <translation></translation>
    </message>
    <message>
        <source>Random seed (default 1).</source>
        <translation></translation>
    </message>
    <message>
        <source>--prompt is empty</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: the weights do not fit the model&apos;s config</source>
        <translation></translation>
    </message>
    <message>
        <source>Training steps, 1 to %1 (default %2).</source>
        <translation></translation>
    </message>
    <message>
        <source>Windows per step, 1 to %1 (default %2).</source>
        <translation></translation>
    </message>
    <message>
        <source>Characters the model sees, 1 to 256 (default %1).</source>
        <translation></translation>
    </message>
    <message>
        <source>Width, 1 to 512 and a multiple of --heads (default %1).</source>
        <translation></translation>
    </message>
    <message>
        <source>Attention heads per block, 1 to 16 (default %1).</source>
        <translation></translation>
    </message>
    <message>
        <source>Blocks, 1 to 4 (default %1).</source>
        <translation></translation>
    </message>
    <message>
        <source>Blocks without the MLP.</source>
        <translation></translation>
    </message>
    <message>
        <source>Peak learning rate, above 0 to 1 (default %1).</source>
        <translation></translation>
    </message>
    <message>
        <source>Steps of linear warm-up, 0 to --steps (default %1).</source>
        <translation></translation>
    </message>
    <message>
        <source>AdamW weight decay of the matrices, 0 to 1 (default %1).</source>
        <translation></translation>
    </message>
    <message>
        <source>Steps between validations, 1 to --steps (default 200, at most --steps).</source>
        <translation></translation>
    </message>
    <message>
        <source>Save the weights of the best validation loss to this file.</source>
        <translation></translation>
    </message>
    <message>
        <source>--corpus is empty</source>
        <translation></translation>
    </message>
    <message>
        <source>--d-model %1 is not a multiple of --heads %2</source>
        <translation></translation>
    </message>
    <message>
        <source>--lr: &quot;%1&quot; is not a number above 0 to 1</source>
        <translation></translation>
    </message>
    <message>
        <source>--out: &quot;%1&quot; is not a file name</source>
        <translation></translation>
    </message>
    <message>
        <source>--out: cannot write in the folder %1</source>
        <translation></translation>
    </message>
    <message>
        <source>step %1: train loss %2, validation loss %3, %4 steps/s
</source>
        <translation></translation>
    </message>
    <message>
        <source>model</source>
        <translation></translation>
    </message>
    <message>
        <source>MLP</source>
        <translation></translation>
    </message>
    <message>
        <source>no MLP</source>
        <translation></translation>
    </message>
    <message>
        <source>parameters</source>
        <translation></translation>
    </message>
    <message>
        <source>batch, lr, threads</source>
        <translation></translation>
    </message>
    <message>
        <source>steps, seconds</source>
        <translation></translation>
    </message>
    <message>
        <source>%1, %2 (%3 steps/s)</source>
        <translation></translation>
    </message>
    <message>
        <source>train loss</source>
        <translation></translation>
    </message>
    <message>
        <source>validation loss</source>
        <translation></translation>
    </message>
    <message>
        <source>best validation loss</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 at step %2</source>
        <translation></translation>
    </message>
    <message>
        <source>unigram baseline</source>
        <translation></translation>
    </message>
    <message>
        <source>punctuation F1</source>
        <translation></translation>
    </message>
    <message>
        <source>Trains the tiny character Transformer on a corpus: windows of --context + 1 characters drawn at random from the training text, AdamW with a warm-up and a cosine decay. Every --eval-every steps it prints the mean training loss since the last line, the loss on the validation text and the speed; at the end the whole run, with the unigram baseline to beat and the punctuation F1. The same settings, seed and threads give the same losses.</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: %2 different characters, more than a model&apos;s 65536</source>
        <translation></translation>
    </message>
    <message>
        <source>--batch × --context × vocabulary size is %1, more than %2; make --batch or --context smaller</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: cannot train on this corpus</source>
        <translation></translation>
    </message>
    <message>
        <source>head</source>
        <translation></translation>
    </message>
    <message>
        <source>role</source>
        <translation></translation>
    </message>
    <message>
        <source>loss change when off</source>
        <translation></translation>
    </message>
    <message>
        <source>The corpus whose validation text is read (default: the one the model was trained on, from its file).</source>
        <translation></translation>
    </message>
    <message>
        <source>--model is missing</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: the validation text is shorter than one window of %2 characters</source>
        <translation></translation>
    </message>
    <message>
        <source>What each head of a trained model does and is worth</source>
        <translation></translation>
    </message>
    <message>
        <source>Switch these heads off (1-based layer.head, such as 2.3,1.1): each one&apos;s output is zero before the output projection.</source>
        <translation></translation>
    </message>
    <message>
        <source>The weights file, written by train --out; tang: the long-trained 全唐诗 model that ships with Attention Lab.</source>
        <translation></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a head: write LAYER.HEAD, such as 2.3</source>
        <translation></translation>
    </message>
    <message>
        <source>the model has no head %1.%2: its layers are 1 to %3, its heads 1 to %4</source>
        <translation></translation>
    </message>
    <message>
        <source>heads: %1 of %2 passes done</source>
        <translation></translation>
    </message>
    <message>
        <source>tang300 (default: 300 Tang poems, from the package fortunes-zh), song100 (100 Song lyrics, the same package), tang (全唐诗: 57,603 poems from the npm package chinese-poetry, in simplified characters), copy (the copy task), repeat (random strings written twice, where an induction head forms), or a UTF-8 text file whose paragraphs are the documents.</source>
        <translation></translation>
    </message>
    <message>
        <source>--corpus: give tang300, song100, tang, copy, repeat or a file name</source>
        <translation></translation>
    </message>
    <message>
        <source>each document: %1 to %2 characters drawn at random from %3 (%4 characters, seed %5), then the same string again
</source>
        <translation></translation>
    </message>
    <message>
        <source>validation loss %1; ratio: weight on the role&apos;s key ÷ a uniform head&apos;s; a role from %2× over at least %3 rows
</source>
        <translation></translation>
    </message>
    <message numerus="yes">
        <source>heads: the model does not know %n of the characters of %1&apos;s validation text; it reads each as the unknown character.</source>
        <translation>
            <numerusform>heads: the model does not know %n character of %1&apos;s validation text; it reads it as the unknown character.</numerusform>
            <numerusform>heads: the model does not know %n of the characters of %1&apos;s validation text; it reads each as the unknown character.</numerusform>
        </translation>
    </message>
    <message>
        <source>What each head of a trained model does over a corpus&apos;s validation text: for each role (previous_char, last_comma, line_start, previous_line, rhyme, induction, current_char, fixed_offset, first_position) the mean weight it puts on the key that role names, divided by what a head that spreads its weight evenly would put there; the role it plays (the largest ratio from %1× over at least %2 rows, else none); and how much the validation loss rises when that head alone is switched off.
JSON: {&quot;val_loss&quot;, &quot;heads&quot;: [{&quot;layer&quot;, &quot;head&quot;, &quot;role&quot;, &quot;ratios&quot;: {…}, &quot;offset&quot;, &quot;ablation_val_loss_increase&quot;}]}, layer and head 1-based; a ratio is null where the text has no row for its role, the role null where none is played; offset is fixed_offset&apos;s distance back.</source>
        <translation></translation>
    </message>
    <message>
        <source>--context %1 --layers %2%3 --steps %4 --batch %5 --lr %6 --warmup %7 --eval-every %8</source>
        <translation></translation>
    </message>
    <message>
        <source>tang300 (default), song100, tang (全唐诗; its own defaults: %1), copy (the copy task), repeat (random strings written twice, where an induction head forms; its own defaults: %2) or a UTF-8 text file.</source>
        <translation></translation>
    </message>
    <message>
        <source>Blocks with the MLP (the default, but for --corpus repeat).</source>
        <translation></translation>
    </message>
    <message>
        <source>--mlp and --no-mlp contradict each other</source>
        <translation></translation>
    </message>
    <message numerus="yes">
        <source>--text has %n character(s); this model takes 2 to %1</source>
        <translation>
            <numerusform>--text has %n character; this model takes 2 to %1</numerusform>
            <numerusform>--text has %n characters; this model takes 2 to %1</numerusform>
        </translation>
    </message>
    <message>
        <source>vocabulary %1, context %2, d_model %3, %4, %5, %6</source>
        <translation></translation>
    </message>
    <message numerus="yes">
        <source>%n head(s)</source>
        <translation>
            <numerusform>%n head</numerusform>
            <numerusform>%n heads</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s)</source>
        <translation>
            <numerusform>%n layer</numerusform>
            <numerusform>%n layers</numerusform>
        </translation>
    </message>
    <message>
        <source>each head switched off alone: the change of the validation loss and of the in-context learning score (%1 with every head on), and the induction ratio of each head of the next layer
</source>
        <translation></translation>
    </message>
    <message>
        <source>head off</source>
        <translation></translation>
    </message>
    <message>
        <source>loss change</source>
        <translation></translation>
    </message>
    <message>
        <source>score change</source>
        <translation></translation>
    </message>
    <message>
        <source>next layer&apos;s induction</source>
        <translation></translation>
    </message>
    <message>
        <source>Also switch each head off alone and report the change of the in-context learning score and the induction ratio of each head of the next layer (JSON: &quot;icl_score&quot; with every head on, and each head&apos;s &quot;knockout&quot;: {&quot;val_loss_increase&quot;, &quot;icl_score_change&quot;, &quot;induction_after&quot;}).</source>
        <translation></translation>
    </message>
    <message>
        <source>operations a step</source>
        <translation></translation>
    </message>
    <message>
        <source>efficiency</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 GFLOP/s against %2 GFLOP/s for the same products as plain matrix products on the same threads: %3</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>CorpusFile</name>
    <message>
        <source>no such file; it comes with the package fortunes-zh: install fortunes-zh (sudo apt install fortunes-zh)</source>
        <translation></translation>
    </message>
    <message>
        <source>no such file</source>
        <translation></translation>
    </message>
    <message>
        <source>cannot be read (a directory, or no permission)</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 bytes is too large; a corpus may have at most %2 MiB</source>
        <translation></translation>
    </message>
    <message>
        <source>No corpus given.</source>
        <translation></translation>
    </message>
    <message>
        <source>not valid UTF-8 at byte offset %1; save it as UTF-8 text (a text editor&apos;s Save As offers the encoding; GBK or Big5 files must be converted)</source>
        <translation></translation>
    </message>
    <message>
        <source>the training text has %1 characters, fewer than one window of %2 (context + 1); choose a longer text or a smaller context</source>
        <translation></translation>
    </message>
    <message>
        <source>the validation text has %1 characters, fewer than one window of %2 (context + 1); choose a longer text or a smaller context</source>
        <translation></translation>
    </message>
    <message>
        <source>this file is in GBK (GB18030), not UTF-8; save it as UTF-8 (a text editor&apos;s Save As offers the encoding; on the command line: iconv -f GB18030 -t UTF-8)</source>
        <translation></translation>
    </message>
    <message>
        <source>no such file; 全唐诗 is built from the npm package chinese-poetry: scripts/run.sh fetches and converts it (it needs npm and opencc)</source>
        <translation></translation>
    </message>
    <message>
        <source>copy task</source>
        <translation></translation>
    </message>
    <message>
        <source>repeat task</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>HeadGridAccessible</name>
    <message>
        <source>Attention heads</source>
        <translation></translation>
    </message>
    <message>
        <source>layer %1, head %2</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 (position %2) %3</source>
        <translation></translation>
    </message>
    <message>
        <source>position %1 (%2) looks at %3</source>
        <translation></translation>
    </message>
    <message>
        <source>%1, reads %2</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 of %2 at training step %3; selected: layer %4, head %5</source>
        <translation></translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s)</source>
        <translation>
            <numerusform>%n layer</numerusform>
            <numerusform>%n layers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n head(s)</source>
        <translation>
            <numerusform>%n head</numerusform>
            <numerusform>%n heads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HeatmapAccessible</name>
    <message>
        <source>%1 → %2: %3</source>
        <translation></translation>
    </message>
    <message>
        <source>%1, masked</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>KeptRuns</name>
    <message>
        <source>needs a step, a loss and a list of losses by position</source>
        <translation></translation>
    </message>
    <message>
        <source>its induction ratios are not numbers</source>
        <translation></translation>
    </message>
    <message>
        <source>has no setup</source>
        <translation></translation>
    </message>
    <message>
        <source>its training loss is not a list of [step, loss] pairs</source>
        <translation></translation>
    </message>
    <message>
        <source>validation %1 %2</source>
        <translation></translation>
    </message>
    <message>
        <source>has no validation</source>
        <translation></translation>
    </message>
    <message>
        <source>not JSON (%1 at byte %2)</source>
        <translation></translation>
    </message>
    <message>
        <source>no list of at most %1 kept runs</source>
        <translation></translation>
    </message>
    <message>
        <source>run %1 %2</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 cannot be removed</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: larger than %2 MiB, not kept runs</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>LayersExercise</name>
    <message>
        <source>Train one layer on the repeat task and keep the run (Layers 1, Train, Keep this run).</source>
        <translation></translation>
    </message>
    <message>
        <source>One layer: the strongest head puts %1 a uniform head&apos;s weight on the character after the earlier copy, in-context learning score %2 nats. %3 layers: %4, score %5 nats, %6 nats lower.</source>
        <translation></translation>
    </message>
    <message>
        <source>The deeper run has no induction head yet (%1): train it longer.</source>
        <translation></translation>
    </message>
    <message>
        <source>The one-layer run has a head at %1 on the induction role.</source>
        <translation></translation>
    </message>
    <message>
        <source>The scores differ by less than %1 nats.</source>
        <translation></translation>
    </message>
    <message>
        <source>The circuit needs two layers: one head writes the previous character, a later one reads it.</source>
        <translation></translation>
    </message>
    <message>
        <source>This one-layer run is kept when it finishes (or now: Keep this run); then start exercise 6 again to train two layers beside it.</source>
        <translation></translation>
    </message>
    <message>
        <source>Now train two layers on the repeat task beside the kept one-layer run (start exercise 6 again).</source>
        <translation></translation>
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
    <name>LessonText</name>
    <message>
        <source>Averaging</source>
        <translation></translation>
    </message>
    <message>
        <source>The simplest way for a token to gather what came before it is to average: row &lt;i&gt;i&lt;/i&gt; of the weight matrix gives 1/&lt;i&gt;i&lt;/i&gt; to each of the first &lt;i&gt;i&lt;/i&gt; tokens and 0 to the rest, so one product, &lt;b&gt;weights · x&lt;/b&gt;, averages every position at once. Click a row to see which inputs it averages. The flaw: every earlier token counts the same, whatever it means.</source>
        <translation></translation>
    </message>
    <message>
        <source>Queries and keys</source>
        <translation></translation>
    </message>
    <message>
        <source>Each token gets a &lt;b&gt;query&lt;/b&gt; (what it looks for) and a &lt;b&gt;key&lt;/b&gt; (what it offers). A query scores each key by their dot product, and softmax turns a row of scores into weights that sum to 1. Drag 光&apos;s query or any key in the plane and watch the bars. The scale slider multiplies every score: at 5× the weights crowd onto the best match.</source>
        <translation></translation>
    </message>
    <message>
        <source>Exercise 1: 光 looks for position</source>
        <translation></translation>
    </message>
    <message>
        <source>光&apos;s query is now [0, 1]: it matches the position dimension, so its weight moves from 明 and 月 to 床 and 前.</source>
        <translation></translation>
    </message>
    <message>
        <source>The causal mask</source>
        <translation></translation>
    </message>
    <message>
        <source>A model that predicts the next token must not see the tokens after it. Their scores are set to −∞ before softmax, which makes their weights exactly 0, and each row&apos;s remaining weights again sum to 1. The q and k here are random (d = 8, scores divided by √8): re-roll them, switch the mask and compare the two weight tables.</source>
        <translation></translation>
    </message>
    <message>
        <source>Why divide by √d</source>
        <translation></translation>
    </message>
    <message>
        <source>The dot product of two random d-dimensional vectors adds up d terms, so its spread grows like √d. Large scores make softmax put nearly all the weight on one key, as the 5× slider did, and such a softmax barely learns. Dividing the scores by √d brings their spread back to about 1 for every d.</source>
        <translation></translation>
    </message>
    <message>
        <source>A complete head</source>
        <translation></translation>
    </message>
    <message>
        <source>In a trained model nobody writes q, k and v by hand: three learned matrices W&lt;sub&gt;q&lt;/sub&gt;, W&lt;sub&gt;k&lt;/sub&gt; and W&lt;sub&gt;v&lt;/sub&gt; map the same input X to them. Then score, divide by √d&lt;sub&gt;head&lt;/sub&gt;, mask, softmax and take the weighted sum of v. The badge compares the result with an independent reference implementation.</source>
        <translation></translation>
    </message>
    <message>
        <source>Exercise 2: remove the mask</source>
        <translation></translation>
    </message>
    <message>
        <source>The mask is off: every row now weighs all five tokens, and the output still agrees with the reference computed without a causal mask.</source>
        <translation></translation>
    </message>
    <message>
        <source>The cost</source>
        <translation></translation>
    </message>
    <message>
        <source>Every query scores every key, so a sequence of T tokens has a T × T score table. Doubling T multiplies the work, and the memory of the full table, by about 4: on a log-log chart the times lie on a line of slope 2. The tiled kernel computes the same output without ever storing the table.</source>
        <translation></translation>
    </message>
    <message>
        <source>Exercise 3: time T = 1000, 2000, 4000</source>
        <translation></translation>
    </message>
    <message>
        <source>Compare each time with the one before: about 4× for each doubling of T, which is a slope near 2.</source>
        <translation></translation>
    </message>
    <message>
        <source>Check yourself</source>
        <translation></translation>
    </message>
    <message>
        <source>Answer each question in your own words first, then reveal ours.</source>
        <translation></translation>
    </message>
    <message>
        <source>What do queries, keys and values each do?</source>
        <translation></translation>
    </message>
    <message>
        <source>A query describes what a position is looking for and a key what a position can offer; the dot product of a query with each key measures the match, and softmax turns those scores into weights. A value is what a position passes on: the output is the sum of the values, each multiplied by its weight.</source>
        <translation></translation>
    </message>
    <message>
        <source>How is the causal mask applied, and why is it needed?</source>
        <translation></translation>
    </message>
    <message>
        <source>Before softmax, every score of a later position is replaced by −∞, so its weight comes out exactly 0. A model learning to predict the next token must not see that token, or it would copy the answer instead of learning to predict it.</source>
        <translation></translation>
    </message>
    <message>
        <source>Why are the scores divided by the square root of d?</source>
        <translation></translation>
    </message>
    <message>
        <source>For vectors with unit-variance entries, a dot product of d terms has a standard deviation of about √d. Unscaled, the scores grow with d until softmax is nearly one-hot, its gradients almost vanish and training stalls; dividing by √d keeps their spread near 1.</source>
        <translation></translation>
    </message>
    <message>
        <source>A trained model</source>
        <translation></translation>
    </message>
    <message>
        <source>Exercise 4: the last comma</source>
        <translation></translation>
    </message>
    <message>
        <source>Here nobody sets q and k by hand: a small Transformer learns its own by predicting the next character of a text. Press &lt;b&gt;Train&lt;/b&gt;: the loss falls below the unigram baseline (character counts alone) while the heads turn from a flat causal triangle into patterns, one on the previous character, another on the last ， or 。; the slider replays how they formed. Validation rising while training falls is over-fitting. In the &lt;b&gt;repeat task&lt;/b&gt; each string comes twice: two heads learn together to find the earlier copy and read what followed it, an induction head. &lt;b&gt;Open the long-trained model&lt;/b&gt; for heads that read all of 全唐诗.</source>
        <translation></translation>
    </message>
    <message>
        <source>A head passes when its role is the last comma: at least %1× a uniform head&apos;s weight on the last “，”, and no role of it higher.</source>
        <translation></translation>
    </message>
    <message>
        <source>Exercise 5: the induction circuit</source>
        <translation></translation>
    </message>
    <message>
        <source>Find the layer-2 head that reads the earlier copy (%1×), then the layer-1 head it needs: switched off, its ratio falls below %2×.</source>
        <translation></translation>
    </message>
    <message>
        <source>Exercise 6: two layers, not one</source>
        <translation></translation>
    </message>
    <message>
        <source>Train one layer on the repeat task (the exercise keeps the run when it finishes), then start it again to train two layers beside it: only the two-layer run gets an induction head (%1×; none at %2× in one layer) and an in-context learning score %3 nats lower.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>ModelFile</name>
    <message>
        <source>the file has %1 bytes; a model file may have at most %2 MiB</source>
        <translation></translation>
    </message>
    <message>
        <source>no model file name given</source>
        <translation></translation>
    </message>
    <message>
        <source>no such file</source>
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
        <source>must start with U+FFFD and hold no character twice</source>
        <translation></translation>
    </message>
    <message>
        <source>expected 64 lower-case hexadecimal digits</source>
        <translation></translation>
    </message>
    <message>
        <source>must not be negative</source>
        <translation></translation>
    </message>
    <message>
        <source>must be a finite number</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 tensors, expected %2</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 values, but shape %2 needs %3</source>
        <translation></translation>
    </message>
    <message>
        <source>the model is not valid: %1</source>
        <translation></translation>
    </message>
    <message>
        <source>cannot be written: %1</source>
        <translation></translation>
    </message>
    <message>
        <source>this metadata entry is missing</source>
        <translation></translation>
    </message>
    <message>
        <source>expected a string, found %1</source>
        <translation></translation>
    </message>
    <message>
        <source>not valid JSON: %1 at offset %2</source>
        <translation></translation>
    </message>
    <message>
        <source>missing</source>
        <translation></translation>
    </message>
    <message>
        <source>expected an object, found %1</source>
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
        <source>this field is missing</source>
        <translation></translation>
    </message>
    <message>
        <source>expected an integer, found %1</source>
        <translation></translation>
    </message>
    <message>
        <source>expected a JSON object</source>
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
        <source>expected a JSON array</source>
        <translation></translation>
    </message>
    <message>
        <source>expected one character, found %1</source>
        <translation></translation>
    </message>
    <message>
        <source>expected the unknown character &quot;�&quot; (U+FFFD)</source>
        <translation></translation>
    </message>
    <message>
        <source>repeats vocab[%1]</source>
        <translation></translation>
    </message>
    <message>
        <source>expected a JSON object {&quot;name&quot;: …, &quot;sha256&quot;: …}</source>
        <translation></translation>
    </message>
    <message>
        <source>expected 64 lower-case hexadecimal digits, found %1</source>
        <translation></translation>
    </message>
    <message>
        <source>expected a whole number of steps, found %1</source>
        <translation></translation>
    </message>
    <message>
        <source>expected an integer from 0 to 2⁶⁴ − 1, found %1</source>
        <translation></translation>
    </message>
    <message>
        <source>expected a finite number, found %1</source>
        <translation></translation>
    </message>
    <message>
        <source>dtype is %1, expected &quot;F32&quot;</source>
        <translation></translation>
    </message>
    <message>
        <source>shape holds %1, expected whole numbers</source>
        <translation></translation>
    </message>
    <message>
        <source>shape %1 disagrees with config (expected %2)</source>
        <translation></translation>
    </message>
    <message>
        <source>data_offsets must be two whole numbers [begin, end]</source>
        <translation></translation>
    </message>
    <message>
        <source>data_offsets [%1, %2] end before they begin</source>
        <translation></translation>
    </message>
    <message>
        <source>data_offsets [%1, %2] run past the end of the file (the data has %3 bytes)</source>
        <translation></translation>
    </message>
    <message>
        <source>data_offsets [%1, %2] hold %3 bytes, but shape %4 needs %5</source>
        <translation></translation>
    </message>
    <message>
        <source>tensor %1</source>
        <translation></translation>
    </message>
    <message>
        <source>not a tensor of this model</source>
        <translation></translation>
    </message>
    <message>
        <source>data_offsets [%1, %2] overlap those of %3</source>
        <translation></translation>
    </message>
    <message>
        <source>data_offsets begin at %1, leaving bytes %2 to %1 unused</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 bytes of data follow the last tensor</source>
        <translation></translation>
    </message>
    <message>
        <source>the file has %1 bytes, too few for the 8-byte header length</source>
        <translation></translation>
    </message>
    <message>
        <source>the header length %1 is more than the %2 MiB allowed</source>
        <translation></translation>
    </message>
    <message>
        <source>the header length %1 runs past the end of the file (%2 bytes)</source>
        <translation></translation>
    </message>
    <message>
        <source>the number %1</source>
        <translation></translation>
    </message>
    <message>
        <source>the string %1</source>
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
        <source>%1 is outside %2 to %3</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 is not a multiple of config.heads (%2)</source>
        <translation></translation>
    </message>
    <message>
        <source>not valid</source>
        <translation></translation>
    </message>
    <message>
        <source>element %1 (row %2, column %3)</source>
        <translation></translation>
    </message>
    <message>
        <source>element %1</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 is not finite (%2)</source>
        <translation></translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation></translation>
    </message>
    <message numerus="yes">
        <source>%n character(s), but config.vocab_size is %1</source>
        <translation>
            <numerusform>%n character, but config.vocab_size is %1</numerusform>
            <numerusform>%n characters, but config.vocab_size is %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… (%n extent(s))</source>
        <translation>
            <numerusform>… (%n extent)</numerusform>
            <numerusform>… (%n extents)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NumberFormat</name>
    <message>
        <source>%1 h %2 min</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>NumberSpinBox</name>
    <message>
        <source>The box is empty; type a number.</source>
        <translation></translation>
    </message>
    <message>
        <source>“%1” is not a number.</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 is not a finite number.</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 is outside the range %2 to %3.</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 is not a whole number.</source>
        <translation></translation>
    </message>
    <message>
        <source>“%1” holds a group separator (%2): type the number without it, with %3 as the decimal mark.</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 is too close to 0 to be held; type 0 instead.</source>
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
    <message>
        <source>the file is empty</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>TrainingError</name>
    <message>
        <source>%1 different characters, more than a model&apos;s %2</source>
        <translation></translation>
    </message>
    <message>
        <source>d_model %1 is not a multiple of the %2 heads</source>
        <translation></translation>
    </message>
    <message>
        <source>The model is outside the limits: context 1–256, d_model 1–512, heads 1–16, layers 1–4.</source>
        <translation></translation>
    </message>
    <message>
        <source>the training settings are out of range: steps, batch and threads must be at least 1, warm-up and learning rate not negative</source>
        <translation></translation>
    </message>
    <message>
        <source>the training text has %1 characters, fewer than one window of %2 (context + 1)</source>
        <translation></translation>
    </message>
    <message>
        <source>the training text holds a character outside the vocabulary of %1</source>
        <translation></translation>
    </message>
    <message>
        <source>The best weights could not be saved: %1</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>file: what is wrong</comment>
        <translation></translation>
    </message>
</context>
<context>
    <name>TrainingSetup</name>
    <message>
        <source>A context of %1 characters cannot hold the repeat task&apos;s longest strings and their repeat (%2 characters): the model sees only part of their repeat.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>VectorPlaneAccessible</name>
    <message>
        <source>Queries and keys on a plane</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 queries and %2 keys as arrows; horizontal axis %3, vertical axis %4.</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 queries and %2 keys as arrows along %3.</source>
        <translation></translation>
    </message>
    <message>
        <source>Selected query: %1.</source>
        <translation></translation>
    </message>
    <message>
        <source>query, selected</source>
        <translation></translation>
    </message>
    <message>
        <source>query</source>
        <translation></translation>
    </message>
    <message>
        <source>key</source>
        <translation></translation>
    </message>
    <message>
        <source>key; weight from %1&apos;s query: %2</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::AveragingPage</name>
    <message>
        <source>&amp;Tokens:</source>
        <translation></translation>
    </message>
    <message>
        <source>How many characters of 床前明月光疑是地上霜 to average over</source>
        <translation></translation>
    </message>
    <message>
        <source>New &amp;random inputs</source>
        <translation></translation>
    </message>
    <message>
        <source>Draw other random input vectors x (seeded, so they can be found again)</source>
        <translation></translation>
    </message>
    <message>
        <source>row i: 1/i on the first i tokens</source>
        <translation></translation>
    </message>
    <message>
        <source>Inputs x</source>
        <translation></translation>
    </message>
    <message>
        <source>one random vector per token</source>
        <translation></translation>
    </message>
    <message>
        <source>output = weights · x</source>
        <translation></translation>
    </message>
    <message>
        <source>Row %1 (%2) gives 1/%1 to each of %3. Their mean input is %4; row %1 of the output is %5. %6</source>
        <translation></translation>
    </message>
    <message>
        <source>&lt;b style=&quot;color:#1a7f37&quot;&gt;✓ The same (largest difference %1).&lt;/b&gt;</source>
        <translation></translation>
    </message>
    <message>
        <source>&lt;b style=&quot;color:#c62828&quot;&gt;✗ Different by %1.&lt;/b&gt;</source>
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
    <message>
        <source>Compared attention weights</source>
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
    <message>
        <source>Scale not changed: %1</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::CostPage</name>
    <message>
        <source>%1 at T = %2: %3 ms</source>
        <translation></translation>
    </message>
    <message>
        <source>, </source>
        <translation></translation>
    </message>
    <message>
        <source>naive</source>
        <translation></translation>
    </message>
    <message>
        <source>materialized</source>
        <translation></translation>
    </message>
    <message>
        <source>tiled</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: slope %2</source>
        <translation></translation>
    </message>
    <message>
        <source>∝ T² (slope 2)</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 × %1 scores × 4 bytes (float32) = %2 bytes</source>
        <translation></translation>
    </message>
    <message numerus="yes">
        <source>%1 at T = %2: %3 ms (median of %n run(s)), %4 bytes allocated</source>
        <translation>
            <numerusform>%1 at T = %2: %3 ms (median of %n run), %4 bytes allocated</numerusform>
            <numerusform>%1 at T = %2: %3 ms (median of %n runs), %4 bytes allocated</numerusform>
        </translation>
    </message>
    <message>
        <source>—</source>
        <translation></translation>
    </message>
    <message>
        <source>Not selected for this run.</source>
        <translation></translation>
    </message>
    <message>
        <source>not timed</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 is timed up to T = %2 only.</source>
        <translation></translation>
    </message>
    <message>
        <source>…</source>
        <translation></translation>
    </message>
    <message>
        <source>Time of one attention pass</source>
        <translation></translation>
    </message>
    <message numerus="yes">
        <source>Time of one attention pass (d = %1, %2, %n thread(s))</source>
        <translation>
            <numerusform>Time of one attention pass (d = %1, %2, %n thread)</numerusform>
            <numerusform>Time of one attention pass (d = %1, %2, %n threads)</numerusform>
        </translation>
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
        <source>%1 %2</source>
        <translation></translation>
    </message>
    <message>
        <source>Choose the lengths and kernels, then press Run. Each point is the median time of one attention pass on this computer.</source>
        <translation></translation>
    </message>
    <message>
        <source>Timing…</source>
        <translation></translation>
    </message>
    <message>
        <source>Timing… %1 at T = %2 took %3 ms.</source>
        <translation></translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n point(s).</source>
        <translation>
            <numerusform>Cancelled after %n point.</numerusform>
            <numerusform>Cancelled after %n points.</numerusform>
        </translation>
    </message>
    <message>
        <source>Fitted slopes: %1. A slope of 2 means doubling T multiplies the time by 4.</source>
        <translation></translation>
    </message>
    <message>
        <source>T (sequence length)</source>
        <translation></translation>
    </message>
    <message>
        <source>time (ms)</source>
        <translation></translation>
    </message>
    <message>
        <source>Both axes are logarithmic: time ∝ T^k is a straight line of slope k. Hover a point for its value.</source>
        <translation></translation>
    </message>
    <message>
        <source>Memory: what a T×T score table takes in float32, against what each kernel allocated beyond q, k, v and the output</source>
        <translation></translation>
    </message>
    <message>
        <source>T</source>
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
        <source>Time</source>
        <translation></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation></translation>
    </message>
    <message>
        <source>Time of one attention pass in milliseconds (the median of the timed runs): compare the kernels at each T, and how each grows as T doubles</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::CostSettings</name>
    <message>
        <source>, </source>
        <translation></translation>
    </message>
    <message>
        <source>Timing run</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Largest T:</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation></translation>
    </message>
    <message>
        <source>T is timed at %1, twice that, four times that… up to the value chosen here.</source>
        <translation></translation>
    </message>
    <message>
        <source>Kernels:</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;naive (plain loops)</source>
        <translation></translation>
    </message>
    <message>
        <source>One row of scores at a time, in plain loops. Timed up to T = %1 only: it is slow, and a single run cannot be interrupted by Cancel.</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;materialized (T×T table)</source>
        <translation></translation>
    </message>
    <message>
        <source>Builds the whole T×T score table with matrix products. Timed up to T = %1 only: its table takes %2 there and %3 at T = %4.</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;tiled (no table)</source>
        <translation></translation>
    </message>
    <message>
        <source>Blocks of queries against blocks of keys with a running softmax, so the T×T table is never stored. Timed at every T up to %1.</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;d (width of q, k, v):</source>
        <translation></translation>
    </message>
    <message>
        <source>The time grows in proportion to d as well.</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Causal mask</source>
        <translation></translation>
    </message>
    <message>
        <source>Each query sees only the keys before it: about half the work, still growing like T².</source>
        <translation></translation>
    </message>
    <message>
        <source>T&amp;hreads:</source>
        <translation></translation>
    </message>
    <message>
        <source>all cores (%1)</source>
        <translation></translation>
    </message>
    <message>
        <source>How many cores the kernels use. One core gives the steadiest times; more cores are faster but wait for each other.</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation></translation>
    </message>
    <message>
        <source>Time every chosen kernel at every T; the points appear as they are measured.</source>
        <translation></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation></translation>
    </message>
    <message>
        <source>Stop timing; the points measured so far stay.</source>
        <translation></translation>
    </message>
    <message>
        <source>Progress of the timing run, weighted by T².</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::CrashRecovery</name>
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
    <name>attention::FileActions</name>
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
        <source>We&amp;ights as CSV…</source>
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
        <source>Unsaved Changes</source>
        <translation></translation>
    </message>
    <message>
        <source>The scenario has changes that are not saved. Save them first?</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::HeadGrid</name>
    <message>
        <source>layer %1, head %2</source>
        <translation></translation>
    </message>
    <message>
        <source>Type a probe line to see the heads&apos; weights on it.</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: %2 cannot see %3, which comes after it (causal mask)</source>
        <translation></translation>
    </message>
    <message>
        <source>%1: %2 (position %3) gives %4 (position %5) the weight %6</source>
        <translation></translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <comment>layer and head, where there is no room for the words</comment>
        <translation></translation>
    </message>
    <message>
        <source>%1 (it reads %2)</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::HeadPage</name>
    <message>
        <source>d_model</source>
        <translation></translation>
    </message>
    <message>
        <source>Width of each input vector x (1 to %1)</source>
        <translation></translation>
    </message>
    <message>
        <source>d_head</source>
        <translation></translation>
    </message>
    <message>
        <source>Width of q, k and v (1 to %1)</source>
        <translation></translation>
    </message>
    <message>
        <source>T</source>
        <translation></translation>
    </message>
    <message>
        <source>Number of positions in the sequence (1 to %1)</source>
        <translation></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation></translation>
    </message>
    <message>
        <source>The same seed always draws the same X and W (seed %1, T %2, d_model %3, d_head %4 are the numbers of attention-cli lesson --section 5)</source>
        <translation></translation>
    </message>
    <message>
        <source>Re-roll</source>
        <translation></translation>
    </message>
    <message>
        <source>Draw a new seed: new inputs and new weight matrices</source>
        <translation></translation>
    </message>
    <message>
        <source>Causal mask</source>
        <translation></translation>
    </message>
    <message>
        <source>Each position sees only itself and the positions before it</source>
        <translation></translation>
    </message>
    <message>
        <source>Precision of the check</source>
        <translation></translation>
    </message>
    <message>
        <source>double</source>
        <translation></translation>
    </message>
    <message>
        <source>float32, like PyTorch</source>
        <translation></translation>
    </message>
    <message>
        <source>Precision of the output compared with the reference; the reference and the heatmaps are always double</source>
        <translation></translation>
    </message>
    <message>
        <source>The largest absolute difference between this head&apos;s output and an independent reference written with plain loops and the semantics of PyTorch&apos;s scaled_dot_product_attention (scale 1/√d_head, is_causal as the mask switch)</source>
        <translation></translation>
    </message>
    <message>
        <source>input: N(0, 1) entries, seed %1</source>
        <translation></translation>
    </message>
    <message>
        <source>N(0, 1) ÷ √%1</source>
        <translation></translation>
    </message>
    <message>
        <source>weights %1</source>
        <translation></translation>
    </message>
    <message>
        <source>softmax(q kᵀ ÷ √%1), causal mask</source>
        <translation></translation>
    </message>
    <message>
        <source>softmax(q kᵀ ÷ √%1), no mask</source>
        <translation></translation>
    </message>
    <message>
        <source>output %1</source>
        <translation></translation>
    </message>
    <message>
        <source>output = weights · v</source>
        <translation></translation>
    </message>
    <message>
        <source>float32</source>
        <translation></translation>
    </message>
    <message>
        <source>✓ within %1</source>
        <translation></translation>
    </message>
    <message>
        <source>✗ above %1</source>
        <translation></translation>
    </message>
    <message>
        <source>output (%1) vs. reference (is_causal=%2): largest difference %3 %4</source>
        <translation></translation>
    </message>
    <message>
        <source>X %1 → q, k, v each %2 → weights %3 → output %4</source>
        <translation></translation>
    </message>
    <message>
        <source>X[%1, %2] = %3
position %1, feature %2: drawn from N(0, 1) with seed %4</source>
        <translation></translation>
    </message>
    <message>
        <source>%1[%2, %3] = %4
drawn from N(0, 1), divided by √%5; learned in training</source>
        <translation></translation>
    </message>
    <message>
        <source>Row %1: what input feature %1 adds to each column</source>
        <translation></translation>
    </message>
    <message>
        <source>Position %1</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::HeadPanel</name>
    <message>
        <source>No head to describe yet.</source>
        <translation></translation>
    </message>
    <message>
        <source>Layer %1, head %2: mean weight by how far back the key is, over the validation text</source>
        <translation></translation>
    </message>
    <message>
        <source>Select a head in the grid.</source>
        <translation></translation>
    </message>
    <message>
        <source>Open this head in the workbench</source>
        <translation></translation>
    </message>
    <message>
        <source>Its queries, keys and values on the probe line become a scenario you can edit, scale, mask and compare.</source>
        <translation></translation>
    </message>
    <message>
        <source>Layer %1, head %2: mean weight by how far back the key is, over the probe line</source>
        <translation></translation>
    </message>
    <message>
        <source>The grid shows an earlier step: move the history slider to the end to open the current model&apos;s head.</source>
        <translation></translation>
    </message>
    <message>
        <source>The text has too few “，” to judge a head: train on 唐诗三百首.</source>
        <translation></translation>
    </message>
    <message>
        <source>✘ Not this one. Try another head.</source>
        <translation></translation>
    </message>
    <message>
        <source>Mean weight by offset of the key</source>
        <translation></translation>
    </message>
    <message>
        <source>The grid shows an earlier step. This chart, the role and the next characters describe the latest model (step %1), and only its heads open in the workbench: move the history slider to the end.</source>
        <translation></translation>
    </message>
    <message>
        <source>the previous character</source>
        <translation></translation>
    </message>
    <message>
        <source>the last comma “，”</source>
        <translation></translation>
    </message>
    <message>
        <source>the first character of its line</source>
        <translation></translation>
    </message>
    <message>
        <source>the same place in the line above</source>
        <translation></translation>
    </message>
    <message>
        <source>the rhyme of the couplet before</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 of its weight there, %2× a uniform head&apos;s %3</source>
        <translation></translation>
    </message>
    <message>
        <source>Switch this head off</source>
        <translation></translation>
    </message>
    <message>
        <source>the character after the earlier copy of this one</source>
        <translation></translation>
    </message>
    <message>
        <source>the character itself</source>
        <translation></translation>
    </message>
    <message numerus="yes">
        <source>the character %n places back</source>
        <translation>
            <numerusform>the character %n place back</numerusform>
            <numerusform>the character %n places back</numerusform>
        </translation>
    </message>
    <message>
        <source>the first character it can see</source>
        <translation></translation>
    </message>
    <message>
        <source>This head reads &lt;b&gt;%1&lt;/b&gt;: %2.</source>
        <translation></translation>
    </message>
    <message>
        <source>This head spreads its weight &lt;b&gt;broadly&lt;/b&gt;, like the averaging of step 1: no role gets %1× a uniform head&apos;s weight.</source>
        <translation></translation>
    </message>
    <message>
        <source>This head plays &lt;b&gt;no clear role&lt;/b&gt;: none reaches %1× a uniform head&apos;s weight. The closest is %2: %3.</source>
        <translation></translation>
    </message>
    <message>
        <source>On the last comma: %1.</source>
        <translation></translation>
    </message>
    <message>
        <source>✔ Found: this head&apos;s role is the last comma.</source>
        <translation></translation>
    </message>
    <message>
        <source>✘ Not this one: it reads the last comma too, but its role above is stronger. Try another head.</source>
        <translation></translation>
    </message>
    <message>
        <source>✘ This model has one layer. An induction head reads what a head of an earlier layer wrote, so it needs two: train the repeat task with two layers.</source>
        <translation></translation>
    </message>
    <message>
        <source>No character repeats in this text: train the repeat task.</source>
        <translation></translation>
    </message>
    <message>
        <source>✘ No induction head yet: the strongest of layer 2 and up, %1, puts %2× a uniform head&apos;s weight on the character after the earlier copy (%3× needed). Train the repeat task until its loss falls.</source>
        <translation></translation>
    </message>
    <message>
        <source>On %1: %2.</source>
        <translation></translation>
    </message>
    <message>
        <source>✘ Not this one: another head of layer 2 or up reads the earlier copy more. Try another head.</source>
        <translation></translation>
    </message>
    <message>
        <source>✔ Step 1 of 2: of the heads of layer 2 and up, this one reads the earlier copy most.</source>
        <translation></translation>
    </message>
    <message>
        <source>Now find the head it needs: switch the heads of layer %1 off one at a time.</source>
        <translation></translation>
    </message>
    <message>
        <source>✘ Switch off one head at a time: with %1 off, head %2 reads the earlier copy at %3× (%4× with every head on).</source>
        <translation></translation>
    </message>
    <message>
        <source>✔ Circuit found: with head %1 off, head %2&apos;s weight on the character after the earlier copy falls from %3× to %4× a uniform head&apos;s, below %5×. Head %2 finds the earlier copy through what head %1 writes.</source>
        <translation></translation>
    </message>
    <message>
        <source>✘ Not this one: with head %1 off, head %2 still reads the earlier copy at %3× (%4× with every head on). Switch it on again and try another.</source>
        <translation></translation>
    </message>
    <message>
        <source>Its output is set to zero before the output projection: the heads after it, the grid, the losses and the next characters show the model without it.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::HeadWorthPanel</name>
    <message>
        <source>Measured once the model has a validation text to read.</source>
        <translation></translation>
    </message>
    <message>
        <source>Validation loss with every head on: %1. Switch heads off in the selected head&apos;s tab to see what the model does without them.</source>
        <translation></translation>
    </message>
    <message>
        <source>How much the validation loss rises when one head alone is switched off.</source>
        <translation></translation>
    </message>
    <message>
        <source>Validation loss increase by head switched off</source>
        <translation></translation>
    </message>
    <message>
        <source>With %1 switched off the validation loss is %2, against %3 with every head on (%4).</source>
        <translation></translation>
    </message>
    <message>
        <source>How much the validation loss rises when one head alone is switched off (its output set to zero), over the first %1 characters of the validation text with the weights of step %2: the taller the bar, the more the model needs that head.</source>
        <translation></translation>
    </message>
    <message>
        <source>The grid shows an earlier step. These figures are the latest weights&apos; (step %1): a step of the history keeps each head&apos;s pattern, not the weights a head is switched off in.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::HeadsColumn</name>
    <message>
        <source>The model does not know %1: it reads each as one “rare” character.</source>
        <translation></translation>
    </message>
    <message>
        <source>Probe line</source>
        <translation></translation>
    </message>
    <message>
        <source>The heads&apos; weights are shown on this line (at most the context&apos;s length). Editing it restarts the history at the current step.</source>
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
    <message>
        <source>softmax of each score row; colour: the weight ÷ its row&apos;s uniform 1/n, log scale</source>
        <translation></translation>
    </message>
    <message>
        <source>1/%1×</source>
        <translation></translation>
    </message>
    <message>
        <source>%1×</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::HistoryView</name>
    <message>
        <source>step –</source>
        <translation></translation>
    </message>
    <message>
        <source>The history starts at step %1: the steps before it were recorded with another probe line.</source>
        <translation></translation>
    </message>
    <message>
        <source>step %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Replays the heads as they were during training.</source>
        <translation></translation>
    </message>
    <message>
        <source>step %1, switched off: %2</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::KnockoutTable</name>
    <message>
        <source>Next layer&apos;s
head %1</source>
        <translation></translation>
    </message>
    <message>
        <source>none off</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 off</source>
        <translation></translation>
    </message>
    <message>
        <source>One layer: no head reads what an earlier head wrote, so there is no induction circuit to knock out.</source>
        <translation></translation>
    </message>
    <message>
        <source>No head of layer 2 and up plays the induction role yet (the most on the character after the earlier copy, %1, %2; a role from %3).</source>
        <translation></translation>
    </message>
    <message>
        <source>Head %1 is the induction head (%2). With head %3 off it falls to %4: it reads what %3 writes, the two heads form the circuit.</source>
        <translation></translation>
    </message>
    <message>
        <source>Head %1 is the induction head (%2). No single head of the layer before takes it below %3: with head %4 off, the most, it is still %5.</source>
        <translation></translation>
    </message>
    <message>
        <source>Knock-out matrix</source>
        <translation></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation></translation>
    </message>
    <message>
        <source>Score</source>
        <translation></translation>
    </message>
    <message>
        <source>Each row switches one head off alone. Loss: how much the validation loss rises. Score: how the in-context learning score moves (up: the later positions lose what they read earlier in the text; the first row gives the score itself). The next layer&apos;s columns: each of its heads&apos; induction ratio without this head; red where it fell below half.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::LessonPage</name>
    <message>
        <source>Start the step over</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::LessonView</name>
    <message>
        <source>%1. %2</source>
        <translation></translation>
    </message>
    <message>
        <source>✓ %1</source>
        <translation></translation>
    </message>
    <message>
        <source>◀ &amp;Back</source>
        <translation></translation>
    </message>
    <message>
        <source>The previous step (Alt+Left)</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Next ▶</source>
        <translation></translation>
    </message>
    <message>
        <source>The next step (Alt+Right)</source>
        <translation></translation>
    </message>
    <message>
        <source>Start the step &amp;over</source>
        <translation></translation>
    </message>
    <message>
        <source>Put this step&apos;s views back as they were at first</source>
        <translation></translation>
    </message>
    <message>
        <source>The steps of the lesson; each one is live: change anything</source>
        <translation></translation>
    </message>
    <message>
        <source>Set the lesson&apos;s exercise up on this page</source>
        <translation></translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::LossChart</name>
    <message>
        <source>training loss</source>
        <translation></translation>
    </message>
    <message>
        <source>validation loss</source>
        <translation></translation>
    </message>
    <message>
        <source>best validation loss</source>
        <translation></translation>
    </message>
    <message>
        <source>step %1: %2 %3</source>
        <translation></translation>
    </message>
    <message>
        <source>training</source>
        <translation></translation>
    </message>
    <message>
        <source>validation</source>
        <translation></translation>
    </message>
    <message>
        <source>unigram</source>
        <translation></translation>
    </message>
    <message>
        <source>best validation</source>
        <translation></translation>
    </message>
    <message>
        <source>training step</source>
        <translation></translation>
    </message>
    <message>
        <source>loss (nats per character)</source>
        <translation></translation>
    </message>
    <message>
        <source>loss (nats)</source>
        <translation></translation>
    </message>
    <message>
        <source>loss</source>
        <translation></translation>
    </message>
    <message>
        <source>step %1: the strongest head of layer 2 and up puts %2× a uniform head&apos;s weight on the character after the earlier copy</source>
        <translation></translation>
    </message>
    <message>
        <source>fastest fall: %1 nats</source>
        <translation></translation>
    </message>
    <message>
        <source>induction ×</source>
        <translation></translation>
    </message>
    <message>
        <source>Hover a point for its step and loss. Validation rising while training falls is over-fitting: the model learns its training text by heart. The shaded stretch is where the validation loss fell fastest; the green line, on the right axis, how strongly the best head of layer 2 and up reads the character after the earlier copy of the current one (an induction head).</source>
        <translation></translation>
    </message>
    <message>
        <source>%1, training loss</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::MainWindow</name>
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
        <source>Load preset %1</source>
        <translation></translation>
    </message>
    <message>
        <source>The weights heatmap is on the clipboard</source>
        <translation></translation>
    </message>
    <message>
        <source>Controls</source>
        <translation></translation>
    </message>
    <message>
        <source>computing…</source>
        <translation></translation>
    </message>
    <message>
        <source>Open a learned head</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::ManualWindow</name>
    <message>
        <source>User Manual — Attention Lab</source>
        <translation></translation>
    </message>
    <message>
        <source>Back</source>
        <translation></translation>
    </message>
    <message>
        <source>The page read before</source>
        <translation></translation>
    </message>
    <message>
        <source>Forward</source>
        <translation></translation>
    </message>
    <message>
        <source>The page read after this one</source>
        <translation></translation>
    </message>
    <message>
        <source>The Lesson</source>
        <translation></translation>
    </message>
    <message>
        <source>Back to the manual&apos;s first page, the lesson</source>
        <translation></translation>
    </message>
    <message>
        <source>The manual was not found. It is installed with the programs in %1; in a build from source it is the folder docs/ of the source tree, %2.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::MaskPage</name>
    <message>
        <source>Re-roll q and k</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Re-roll q and k</source>
        <translation></translation>
    </message>
    <message>
        <source>Draw new random queries and keys (seeded; undoable)</source>
        <translation></translation>
    </message>
    <message>
        <source>Every row&apos;s weights sum to 1 (largest error %1).</source>
        <translation></translation>
    </message>
    <message>
        <source>Mask on: %1 scores above the diagonal are −∞, and their weights are exactly %2. %3</source>
        <translation></translation>
    </message>
    <message>
        <source>Mask off: every token sees every other one, the later ones too; the largest weight above the diagonal is %1. %2</source>
        <translation></translation>
    </message>
    <message>
        <source>Start the step over</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::ModelActions</name>
    <message>
        <source>Open Model</source>
        <translation></translation>
    </message>
    <message>
        <source>Save Model</source>
        <translation></translation>
    </message>
    <message>
        <source>Open &amp;Model…</source>
        <translation></translation>
    </message>
    <message>
        <source>Open a trained tiny model (safetensors) in lesson step 7</source>
        <translation></translation>
    </message>
    <message>
        <source>Save Mo&amp;del…</source>
        <translation></translation>
    </message>
    <message>
        <source>Cannot Open Model</source>
        <translation></translation>
    </message>
    <message>
        <source>Opened the model %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Cannot Save Model</source>
        <translation></translation>
    </message>
    <message>
        <source>Open Recent Mode&amp;ls</source>
        <translation></translation>
    </message>
    <message>
        <source>Save Model: %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Save the best or the latest weights of lesson step 7&apos;s model (safetensors)</source>
        <translation></translation>
    </message>
    <message>
        <source>Saved %1 as %2</source>
        <translation></translation>
    </message>
    <message>
        <source>the best weights (step %1)</source>
        <translation></translation>
    </message>
    <message>
        <source>the latest weights (step %1)</source>
        <translation></translation>
    </message>
    <message>
        <source>The model is at step %1, but its validation loss was lowest at step %2. Which weights do you want to save?</source>
        <translation></translation>
    </message>
    <message>
        <source>Best (step %1)</source>
        <translation></translation>
    </message>
    <message>
        <source>Latest (step %1)</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::NextCharPanel</name>
    <message>
        <source>Pick a position in the heads to see what the model expects next.</source>
        <translation></translation>
    </message>
    <message>
        <source>Type a prompt to continue.</source>
        <translation></translation>
    </message>
    <message>
        <source>Temperature %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Temperature from %1 to %2; Page Up and Page Down move by a tenth.</source>
        <translation></translation>
    </message>
    <message>
        <source>The logits are divided by the temperature before softmax: the score scale of step 2 at %1×. Low temperatures sharpen the choice onto the likeliest character, high ones flatten it.</source>
        <translation></translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation></translation>
    </message>
    <message>
        <source>Sample</source>
        <translation></translation>
    </message>
    <message>
        <source>Continues the prompt by %1 characters, each drawn at this temperature.</source>
        <translation></translation>
    </message>
    <message>
        <source>rare</source>
        <translation></translation>
    </message>
    <message>
        <source>“rare” stands for every character the model saw too seldom to learn on its own; Sample never draws it.</source>
        <translation></translation>
    </message>
    <message>
        <source>After a character the model does not know (position %1), the probability of each next character:</source>
        <translation></translation>
    </message>
    <message>
        <source>After “%1” (position %2), the probability of each next character:</source>
        <translation></translation>
    </message>
    <message>
        <source>Probability of each next character</source>
        <translation></translation>
    </message>
    <message>
        <source>“rare” is no single character: it is all the characters the model saw too seldom to learn on its own, counted together as one. Sample never draws it.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::OutputView</name>
    <message>
        <source>Each output row is the weighted sum of the value rows, with the weights of that row&apos;s query.</source>
        <translation></translation>
    </message>
    <message>
        <source>The values are one-hot: token i&apos;s value is the i-th unit vector, so each output row is that query&apos;s row of weights. With %1 tokens the output is the weights heatmap itself, and it is not drawn twice.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::PositionLossView</name>
    <message>
        <source>Predicting %1 after %2: %3 nats (−ln p)</source>
        <translation></translation>
    </message>
    <message>
        <source>Loss of each next character (nats)</source>
        <translation></translation>
    </message>
    <message>
        <source>first copy %1, second %2</source>
        <translation></translation>
    </message>
    <message>
        <source>Loss of each next character on the probe line</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::PositionStepMap</name>
    <message>
        <source>Now %1 nats.</source>
        <translation></translation>
    </message>
    <message>
        <source>Step %1, position %2: %3 nats</source>
        <translation></translation>
    </message>
    <message>
        <source>Step %1: in-context learning score %2 nats</source>
        <translation></translation>
    </message>
    <message>
        <source>Loss at each position over training</source>
        <translation></translation>
    </message>
    <message>
        <source>The validation loss fell fastest between steps %1 and %2.</source>
        <translation></translation>
    </message>
    <message>
        <source>The first validation&apos;s score was %1 nats.</source>
        <translation></translation>
    </message>
    <message>
        <source>Loss at each position over training (dark: low); under it, the in-context learning score.</source>
        <translation></translation>
    </message>
    <message>
        <source>A row per position of the validation windows (the first at the top), a column per validation, dark for a low loss (0 to %1 nats). The in-context learning score is the last quarter&apos;s loss less the second eighth&apos;s: it drops when the later positions, which see more of the text, are guessed better. The dashed lines and the shading mark where the validation loss fell fastest. Hover for the figures.</source>
        <translation></translation>
    </message>
    <message>
        <source>The kept run %1: its loss at each position over training (dark: low); under it, its in-context learning score, this run&apos;s faint.</source>
        <translation></translation>
    </message>
    <message>
        <source>It ended at %1 nats.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::QueryKeyPage</name>
    <message>
        <source>key</source>
        <translation></translation>
    </message>
    <message>
        <source>q · k</source>
        <translation></translation>
    </message>
    <message>
        <source>× %1 = score</source>
        <translation></translation>
    </message>
    <message>
        <source>weight</source>
        <translation></translation>
    </message>
    <message>
        <source>Query of %1 = [%2]: its dot product with each key, the scaled score, and the softmax weight.</source>
        <translation></translation>
    </message>
    <message>
        <source>Start the step over</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::RecentFiles</name>
    <message>
        <source>&amp;Clear List</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::RunCurves</name>
    <message numerus="yes">
        <source>The oldest kept run (%1) was dropped: at most %n are kept.</source>
        <translation>
            <numerusform>The oldest kept run (%1) was dropped: at most %n is kept.</numerusform>
            <numerusform>The oldest kept run (%1) was dropped: at most %n are kept.</numerusform>
        </translation>
    </message>
    <message>
        <source>The kept runs could not be saved: %1</source>
        <translation></translation>
    </message>
    <message numerus="yes">
        <source>%1, %n layer(s), %2 steps</source>
        <translation>
            <numerusform>%1, %n layer, %2 steps</numerusform>
            <numerusform>%1, %n layers, %2 steps</numerusform>
        </translation>
    </message>
    <message>
        <source>kept: %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Keep a run to compare the next ones with it.</source>
        <translation></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) kept, drawn faint.</source>
        <translation>
            <numerusform>%n run kept, drawn faint.</numerusform>
            <numerusform>%n runs kept, drawn faint.</numerusform>
        </translation>
    </message>
    <message>
        <source>Keep this run</source>
        <translation></translation>
    </message>
    <message>
        <source>Keep this run&apos;s curves to compare the next runs with: train one layer, keep it, then train two and see which one has the phase change.</source>
        <translation></translation>
    </message>
    <message>
        <source>Forget kept runs</source>
        <translation></translation>
    </message>
    <message>
        <source>Map of this run</source>
        <translation></translation>
    </message>
    <message>
        <source>Map of the kept run %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Which run&apos;s loss at each position the map shows: a kept one-layer run&apos;s stays light in the late positions.</source>
        <translation></translation>
    </message>
    <message>
        <source>Map of</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::RunFiles</name>
    <message>
        <source>The run trained %1 steps; its best validation loss, %2, came at step %3. Its weights are not saved.</source>
        <translation></translation>
    </message>
    <message>
        <source>The run trained %1 steps. Its weights are not saved.</source>
        <translation></translation>
    </message>
    <message>
        <source>Unsaved Run</source>
        <translation></translation>
    </message>
    <message>
        <source>Save the model before it is replaced?</source>
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
    <message>
        <source>Edit %1</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::SelfCheckPage</name>
    <message>
        <source>%1. %2</source>
        <translation></translation>
    </message>
    <message>
        <source>Hide the answer</source>
        <translation></translation>
    </message>
    <message>
        <source>Show the answer</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::SqrtDCharts</name>
    <message>
        <source>current d = %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Spread of the dot products q·k (log scale)</source>
        <translation></translation>
    </message>
    <message>
        <source>dimension d (log scale)</source>
        <translation></translation>
    </message>
    <message>
        <source>standard deviation (log scale)</source>
        <translation></translation>
    </message>
    <message>
        <source>measured std of q·k</source>
        <translation></translation>
    </message>
    <message>
        <source>√d</source>
        <translation></translation>
    </message>
    <message>
        <source>Each point is the standard deviation of all q·k of many random trials at that d. The dashed line is √d; the red line and ring mark the d the slider sets.</source>
        <translation></translation>
    </message>
    <message>
        <source>Largest weight in a row (mean)</source>
        <translation></translation>
    </message>
    <message>
        <source>mean largest weight</source>
        <translation></translation>
    </message>
    <message>
        <source>softmax(q·k)</source>
        <translation></translation>
    </message>
    <message>
        <source>softmax(q·k / √d)</source>
        <translation></translation>
    </message>
    <message>
        <source>even weights, 1/T</source>
        <translation></translation>
    </message>
    <message>
        <source>Near 1, one key takes all the weight of its row; at 1/T every key gets the same. The red line and rings mark the d the slider sets.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::SqrtDPage</name>
    <message>
        <source>Dimension &amp;d:</source>
        <translation></translation>
    </message>
    <message>
        <source>The width d of every query and key. The charts mark this d; the heatmaps show one random trial at it.</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Tokens per trial T:</source>
        <translation></translation>
    </message>
    <message>
        <source>How many queries and keys each random trial draws. Changing T measures the curves again.</source>
        <translation></translation>
    </message>
    <message>
        <source>softmax(q·k)</source>
        <translation></translation>
    </message>
    <message>
        <source>softmax(q·k / √d)</source>
        <translation></translation>
    </message>
    <message>
        <source>one trial at d = %1: softmax(q·k)</source>
        <translation></translation>
    </message>
    <message>
        <source>the same trial: softmax(q·k / √d)</source>
        <translation></translation>
    </message>
    <message>
        <source>d = %1</source>
        <translation></translation>
    </message>
    <message>
        <source>d = %1: measuring…</source>
        <translation></translation>
    </message>
    <message>
        <source>At d = %1 the dot products q·k have a standard deviation of %2 (√d = %3). The largest weight in a row averages %4 without scaling and %5 after dividing by √d.</source>
        <translation></translation>
    </message>
    <message>
        <source>Measuring %1 trials per d: %2 of %3 dimensions…</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 random trials per d, seed %2</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::SqrtDTable</name>
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
        <source>largest weight
unscaled</source>
        <translation></translation>
    </message>
    <message>
        <source>largest weight
÷ √d</source>
        <translation></translation>
    </message>
    <message>
        <source>The lesson&apos;s four dimensions, measured with the same trials as the charts.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::TrainControls</name>
    <message>
        <source>Pause</source>
        <translation></translation>
    </message>
    <message>
        <source>Train</source>
        <translation></translation>
    </message>
    <message>
        <source>opened model: %1 steps</source>
        <translation></translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <translation></translation>
    </message>
    <message>
        <source>No corpus loaded.</source>
        <translation></translation>
    </message>
    <message>
        <source>A new model with random weights: press Train.</source>
        <translation></translation>
    </message>
    <message>
        <source>Training…</source>
        <translation></translation>
    </message>
    <message>
        <source>Paused at step %1.</source>
        <translation></translation>
    </message>
    <message>
        <source>Done: %1 steps, %2 steps/s.</source>
        <translation></translation>
    </message>
    <message>
        <source>Done: %1 steps.</source>
        <translation></translation>
    </message>
    <message>
        <source>A model from a file. Reset starts a new run with these settings.</source>
        <translation></translation>
    </message>
    <message>
        <source>Best validation loss %1 at step %2.</source>
        <translation></translation>
    </message>
    <message>
        <source>唐诗三百首 (Tang poems)</source>
        <translation></translation>
    </message>
    <message>
        <source>宋词一百首 (Song lyrics)</source>
        <translation></translation>
    </message>
    <message>
        <source>Copy task (repeats %1 back)</source>
        <translation></translation>
    </message>
    <message>
        <source>Text file…</source>
        <translation></translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation></translation>
    </message>
    <message>
        <source>Context</source>
        <translation></translation>
    </message>
    <message>
        <source>How many characters the model sees at once (1 to 256).</source>
        <translation></translation>
    </message>
    <message>
        <source>d_model</source>
        <translation></translation>
    </message>
    <message>
        <source>The width of every vector in the model; a multiple of the number of heads.</source>
        <translation></translation>
    </message>
    <message>
        <source>Heads</source>
        <translation></translation>
    </message>
    <message>
        <source>Attention heads per layer; each has d_model / heads dimensions.</source>
        <translation></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation></translation>
    </message>
    <message>
        <source>Transformer blocks, 1 to 4.</source>
        <translation></translation>
    </message>
    <message>
        <source>MLP</source>
        <translation></translation>
    </message>
    <message>
        <source>Whether each block has its feed-forward network after attention.</source>
        <translation></translation>
    </message>
    <message>
        <source>after attention</source>
        <translation></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation></translation>
    </message>
    <message>
        <source>Training steps of 32 random windows each.</source>
        <translation></translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation></translation>
    </message>
    <message>
        <source>The peak step size of AdamW; too large and the loss jumps, too small and it crawls.</source>
        <translation></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation></translation>
    </message>
    <message>
        <source>The same seed and settings train exactly the same model.</source>
        <translation></translation>
    </message>
    <message>
        <source>Threads</source>
        <translation></translation>
    </message>
    <message>
        <source>CPU threads that share each step.</source>
        <translation></translation>
    </message>
    <message>
        <source>One step</source>
        <translation></translation>
    </message>
    <message>
        <source>Trains exactly one step, then pauses.</source>
        <translation></translation>
    </message>
    <message>
        <source>Reset</source>
        <translation></translation>
    </message>
    <message>
        <source>A new model with random weights and the settings above.</source>
        <translation></translation>
    </message>
    <message>
        <source>The settings changed: Reset starts a run with them.</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>two sentences of the training status</comment>
        <translation></translation>
    </message>
    <message>
        <source>Training: %1 steps/s, about %2 left.</source>
        <translation></translation>
    </message>
    <message>
        <source>Open a text to train on</source>
        <translation></translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation></translation>
    </message>
    <message>
        <source>This run needs about %1 of memory.</source>
        <translation></translation>
    </message>
    <message>
        <source>This run needs about %1 of memory and %2.</source>
        <translation></translation>
    </message>
    <message>
        <source>A heavy run: about %1 of memory (this computer has %2) and %3. Fewer steps, a shorter context or a smaller d_model train in minutes.</source>
        <translation></translation>
    </message>
    <message>
        <source>A heavy run: about %1 of memory and %2. Fewer steps, a shorter context or a smaller d_model train in minutes.</source>
        <translation></translation>
    </message>
    <message>
        <source>A heavy run</source>
        <translation></translation>
    </message>
    <message>
        <source>The computer may slow down while it runs. Train anyway?</source>
        <translation></translation>
    </message>
    <message>
        <source>Train anyway? Pause stops it at any time.</source>
        <translation></translation>
    </message>
    <message>
        <source>Past step %1 (where its schedule ended) the run trains at its last learning rate, %2.</source>
        <translation></translation>
    </message>
    <message>
        <source>全唐诗 (all Tang poems)</source>
        <translation></translation>
    </message>
    <message>
        <source>Repeat task (induction)</source>
        <translation></translation>
    </message>
    <message>
        <source>What the model learns to continue: a UTF-8 text file is cut into paragraphs. In the copy task every character repeats the one %1 places back, so a head should learn to look exactly %2 back. In the repeat task random strings are written twice: two heads together learn to find the earlier copy and read what came next (an induction head).</source>
        <translation></translation>
    </message>
    <message>
        <source>Your last session&apos;s best weights, saved %1: shown, not trained further. Reset starts a new run with these settings.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::TrainPage</name>
    <message>
        <source>Models (*.safetensors);;All files (*)</source>
        <translation></translation>
    </message>
    <message>
        <source>%1, layer %2, head %3, step %4</source>
        <translation></translation>
    </message>
    <message>
        <source>There is no model to save yet: train one first.</source>
        <translation></translation>
    </message>
    <message>
        <source>Attention Lab</source>
        <translation></translation>
    </message>
    <message>
        <source>The selected head</source>
        <translation></translation>
    </message>
    <message>
        <source>Next character</source>
        <translation></translation>
    </message>
    <message>
        <source>Save model…</source>
        <translation></translation>
    </message>
    <message>
        <source>Open model…</source>
        <translation></translation>
    </message>
    <message>
        <source>What each head is worth</source>
        <translation></translation>
    </message>
    <message>
        <source>Open the long-trained model</source>
        <translation></translation>
    </message>
    <message>
        <source>A model trained on 全唐诗 for %1 minutes that ships with Attention Lab: see what heads learn from 57,603 poems.</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::UndoActions</name>
    <message>
        <source>Undo the last change</source>
        <translation></translation>
    </message>
    <message>
        <source>Redo the change just undone</source>
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
    <message>
        <source>%1 tokens: select a query to see its strongest keys</source>
        <translation></translation>
    </message>
    <message numerus="yes">
        <source>showing q %1 and its %n strongest keys of %2</source>
        <translation>
            <numerusform>showing q %1 and its strongest key of %2</numerusform>
            <numerusform>showing q %1 and its %n strongest keys of %2</numerusform>
        </translation>
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
    <message>
        <source>%1 is not a finite number.</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 is outside the range %2 to %3.</source>
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
    <message>
        <source>keys 1 to %1; each bar: the largest of %2</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::WindowMenus</name>
    <message>
        <source>&amp;File</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
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
        <source>About &amp;Qt</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Lesson</source>
        <translation></translation>
    </message>
    <message>
        <source>Follow the lesson step by step</source>
        <translation></translation>
    </message>
    <message>
        <source>The guided lesson, step by step (Ctrl+1)</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;Workbench</source>
        <translation></translation>
    </message>
    <message>
        <source>Edit a scenario freely: every heatmap and panel</source>
        <translation></translation>
    </message>
    <message>
        <source>Edit any scenario freely (Ctrl+2)</source>
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
        <source>About Attention Lab</source>
        <translation></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Attention Lab %1&lt;/h3&gt;&lt;p&gt;Learn how attention in Transformers works by touching every number: queries, keys, scores, softmax, the causal mask and the output.&lt;/p&gt;&lt;p&gt;Built with Qt %2 (running on Qt %3) and Eigen %4.&lt;/p&gt;</source>
        <translation></translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 kernels for this CPU.&lt;/p&gt;</source>
        <translation></translation>
    </message>
    <message>
        <source>&lt;p&gt;Licensed under the MIT License.&lt;/p&gt;</source>
        <translation></translation>
    </message>
    <message>
        <source>&amp;User Manual</source>
        <translation></translation>
    </message>
    <message>
        <source>Read the lesson, the workbench and the other documents in a window</source>
        <translation></translation>
    </message>
    <message>
        <source>Version, Qt and Eigen versions, the CPU path, where the manual is</source>
        <translation></translation>
    </message>
    <message>
        <source>&lt;p&gt;The user manual was not found: it is installed in %1.&lt;/p&gt;</source>
        <translation></translation>
    </message>
    <message>
        <source>&lt;p&gt;The user manual (Help → User Manual) is in %1.&lt;/p&gt;</source>
        <translation></translation>
    </message>
</context>
<context>
    <name>attention::WindowZoom</name>
    <message>
        <source>Zoom %1%</source>
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
    <message>
        <source>Licensed under the MIT License.</source>
        <translation></translation>
    </message>
    <message>
        <source>--step must be a number from 1 to %1, not “%2”</source>
        <translation></translation>
    </message>
    <message>
        <source>Open the lesson at step N (1–7; 8 is the self-check).</source>
        <translation></translation>
    </message>
    <message>
        <source>With --step 2, 5, 6 or 7: set that step&apos;s exercise up (step 6 times it, step 7 trains the model first).</source>
        <translation></translation>
    </message>
    <message>
        <source>--exercise needs --step 2, 5, 6 or 7</source>
        <translation></translation>
    </message>
    <message>
        <source>attention-lab: the page was still computing after %1 s; the picture shows it unfinished
</source>
        <translation></translation>
    </message>
    <message>
        <source>--exercise-index must be a number from 1 to %1, not “%2”</source>
        <translation></translation>
    </message>
    <message>
        <source>With --step 7: which of the step&apos;s exercises to set up, 1, 2 or 3 (default 1); implies --exercise.</source>
        <translation></translation>
    </message>
    <message>
        <source>With --screenshot: how long to wait for a lesson page that computes, 0 to %1 seconds (default %2); then the picture shows it unfinished.</source>
        <translation></translation>
    </message>
    <message>
        <source>--screenshot-wait must be a number of seconds from 0 to %1, not “%2”</source>
        <translation></translation>
    </message>
    <message>
        <source>--screenshot-wait needs --screenshot</source>
        <translation></translation>
    </message>
</context>
</TS>
