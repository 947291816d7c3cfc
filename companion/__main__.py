from companion.entry import main

main()
