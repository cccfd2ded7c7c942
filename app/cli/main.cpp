#include "presets.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    return attention::preset(QStringLiteral("lesson")) ? 0 : 1;
}
